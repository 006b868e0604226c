import { removeSharedCopy } from './embedded-postgres.js';
import { stopPostgresServer } from './persistence-harness.js';

/**
 * Mocha root hooks: the shared embedded PostgreSQL server stops once, after every suite, and the copy
 * of its binaries goes with it (every server the suites started has stopped by then).
 */
export const mochaHooks = {
  afterAll: async () => {
    await stopPostgresServer();
    removeSharedCopy();
  },
};
