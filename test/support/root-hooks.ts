import { stopPostgresServer } from './persistence-harness.js';

/** Mocha root hooks: the shared embedded PostgreSQL server stops once, after every suite. */
export const mochaHooks = {
  afterAll: async () => {
    await stopPostgresServer();
  },
};
