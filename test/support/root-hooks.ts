import { removeSharedCopy } from './embedded-postgres.js';
import { stopPostgresServer } from './persistence-harness.js';

/**
 * Mocha root hooks: the shared embedded PostgreSQL server stops once, after every suite, and the copy
 * of its binaries goes with it (every server the suites started has stopped by then).
 */
export const mochaHooks = {
  afterAll: async function (this: Mocha.Context) {
    // Its shutdown checkpoints every database the run made: more than mocha's 30 s for a test.
    this.timeout(120_000);
    await stopPostgresServer();
    removeSharedCopy();
  },
};
