import { failure, success } from '../envelope.js';
import { closedObject, successEnvelope } from '../openapi/response-schemas.js';
import type { PublicRoute } from '../route.js';

const identity = { service: 'workspace-api', version: 'v1' } as const;

export const systemRoutes = (isHealthy: () => Promise<boolean>): PublicRoute[] => [
  {
    method: 'GET',
    url: '/v1/health',
    unlimited: true,
    doc: {
      tag: 'System',
      operationId: 'system.health',
      summary: 'Whether the service and its database answer',
      description: 'No key needed, and not rate limited: made for load balancers and probes.',
      answer: {
        status: 200,
        schema: successEnvelope(
          closedObject({
            status: { const: 'ok' },
            service: { const: identity.service },
            version: { const: identity.version },
          }),
        ),
        example: { success: true, data: { status: 'ok', ...identity } },
      },
      failures: { 503: ['SERVICE_UNAVAILABLE'] },
    },
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
