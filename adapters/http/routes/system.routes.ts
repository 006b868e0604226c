import { failure, success } from '../envelope.js';
import type { PublicRoute } from '../route.js';

const identity = { service: 'workspace-api', version: 'v1' } as const;

export const systemRoutes = (isHealthy: () => Promise<boolean>): PublicRoute[] => [
  {
    method: 'GET',
    url: '/v1/health',
    handle: async () =>
      (await isHealthy())
        ? { status: 200, body: success({ status: 'ok', ...identity }) }
        : {
            status: 503,
            body: {
              ...failure('SERVICE_UNAVAILABLE', 'The database does not answer.'),
              data: { status: 'unavailable', ...identity },
            },
            headers: { 'retry-after': '5' },
          },
  },
];
