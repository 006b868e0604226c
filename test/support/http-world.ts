import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { createHttpServer } from '../../bootstrap/http-server.js';
import { checkAgainstDocument } from './openapi-conformance.js';
import type { PersistenceHarness } from './persistence-harness.js';
import { openWorld, type World } from './world.js';

export interface HttpWorld extends World {
  readonly app: FastifyInstance;
  /** Sends a request with `key` as a Bearer token (headers given in `options` come on top). */
  call(key: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The real HTTP app over the real container; `wrap` may swap adapters to inject faults. */
export const openHttpWorld = async (
  wrap?: (persistence: Persistence) => Persistence,
  harness?: PersistenceHarness,
): Promise<HttpWorld> => {
  const world = await openWorld(harness, wrap);
  const app = createHttpServer(world.workspace, false);
  await app.ready();
  return {
    ...world,
    app,
    call: async (key, options) => {
      const response = await app.inject({
        ...options,
        headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...(options.headers ?? {}) },
      });
      checkAgainstDocument(options, response);
      return response;
    },
    close: async () => {
      await app.close();
      await world.close();
    },
  };
};
