import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { openInMemoryPersistence } from '../../adapters/persistence/in-memory/open-in-memory-persistence.js';
import type { SqlDatabase } from '../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { openSqlPersistence } from '../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { Repositories } from '../../application/ports/unit-of-work.port.js';
import { type RunningPostgres, startEmbeddedPostgres } from './embedded-postgres.js';
import { onPostgres, onSqlite } from './workspace-invariants.js';

export interface SeedOptions {
  readonly active?: boolean;
  readonly clientId?: number | null;
}

/** A persistence adapter plus shortcuts to create the records tasks point at. */
export interface PersistenceHarness {
  readonly name: string;
  readonly persistence: Persistence;
  /** Runs `work` in one committed unit of work (throws if it fails). */
  write<A>(work: (repositories: Repositories) => Promise<A>): Promise<A>;
  seedClient(ownerId: number, options?: SeedOptions): Promise<number>;
  seedProject(ownerId: number, options?: SeedOptions): Promise<number>;
  seedCategory(ownerId: number): Promise<number>;
  setActive(table: 'clients' | 'projects', ownerId: number, id: number, active: boolean): Promise<void>;
  close(): Promise<void>;
}

export type HarnessFactory = { readonly name: string; open(): Promise<PersistenceHarness> };

/** Runs `work` in one committed unit of work of `persistence` (throws if it fails). */
export const committedWrites =
  (persistence: Persistence) =>
  async <A>(work: (r: Repositories) => Promise<A>): Promise<A> => {
    const outcome = await persistence.unitOfWork.run(async (r) => E.right(await work(r)))();
    if (E.isLeft(outcome)) throw new Error(`unit of work failed: ${JSON.stringify(outcome.left)}`);
    return outcome.right;
  };

const harnessOver = (
  name: string,
  persistence: Persistence,
  cleanup: () => Promise<void>,
): PersistenceHarness => {
  const write = committedWrites(persistence);
  const now = new Date('2026-03-01T00:00:00Z');
  return {
    name,
    persistence,
    write,
    seedClient: (ownerId, options = {}) =>
      write(async (r) => {
        const fields = {
          name: 'client',
          email: null,
          phone: null,
          description: null,
          active: options.active ?? true,
        };
        return (await r.clients.add(ownerId, fields, now)).id;
      }),
    seedProject: (ownerId, options = {}) =>
      write(async (r) => {
        const fields = {
          name: 'project',
          clientId: options.clientId ?? null,
          description: null,
          active: options.active ?? true,
        };
        return (await r.projects.add(ownerId, fields, now)).id;
      }),
    seedCategory: (ownerId) =>
      write(
        async (r) =>
          (await r.categories.add(ownerId, { name: 'category', description: null, active: true }, now)).id,
      ),
    setActive: (table, ownerId, id, active) =>
      write(async (r) => {
        if (table === 'clients') {
          const client = await r.clients.findOwned(ownerId, id);
          if (client) await r.clients.update({ ...client, active });
        } else {
          const project = await r.projects.findOwned(ownerId, id);
          if (project) await r.projects.update({ ...project, active });
        }
      }),
    close: async () => {
      await persistence.close();
      await cleanup();
    },
  };
};

export const inMemoryHarness: HarnessFactory = {
  name: 'in-memory',
  open: async () => harnessOver('in-memory', openInMemoryPersistence(), async () => undefined),
};

/** A fresh, empty database and how to remove it afterwards. */
export interface FreshDatabase<D extends SqlDatabase = SqlDatabase> {
  readonly database: D;
  cleanup(): void;
}

/** A fresh SQLite file: its `database.path` is there to open it bare. */
export type FreshSqliteDatabase = FreshDatabase<Extract<SqlDatabase, { readonly kind: 'sqlite' }>>;

export const freshSqliteDatabase = async (): Promise<FreshSqliteDatabase> => {
  const directory = mkdtempSync(join(tmpdir(), 'workspace-sqlite-'));
  return {
    database: { kind: 'sqlite', path: join(directory, 'test.db') },
    cleanup: () => rmSync(directory, { recursive: true, force: true }),
  };
};

export const sqliteHarness: HarnessFactory = {
  name: 'SQLite',
  open: async () => {
    const { database, cleanup } = await freshSqliteDatabase();
    const persistence = await openSqlPersistence(database, { migrate: true });
    return harnessOver('SQLite', persistence, async () => cleanup());
  },
};

/** One embedded PostgreSQL server for the whole test run, a fresh database per harness. */
let postgres: { server: RunningPostgres; directory: string } | undefined;
let databases = 0;

export const postgresServer = async (): Promise<RunningPostgres> => {
  if (!postgres) {
    const directory = mkdtempSync(join(tmpdir(), 'workspace-pg-'));
    // The server runs as its own system user, which must reach its data directory.
    chmodSync(directory, 0o755);
    postgres = {
      server: await startEmbeddedPostgres(join(directory, 'data'), { durable: false }),
      directory,
    };
  }
  return postgres.server;
};

export const stopPostgresServer = async (): Promise<void> => {
  if (!postgres) return;
  await postgres.server.stop();
  rmSync(postgres.directory, { recursive: true, force: true });
  postgres = undefined;
};

/** A fresh database on the run's one embedded server (dropped with the server). */
export const freshPostgresDatabase = async (): Promise<FreshDatabase> => {
  const server = await postgresServer();
  databases += 1;
  const url = await server.createDatabase(`workspace_test_${process.pid}_${databases}`);
  return { database: { kind: 'postgresql', url }, cleanup: () => undefined };
};

/** Both SQL databases, fresh, for specs below the ports (migrations, statements). */
export const FRESH_SQL_DATABASES = [
  { name: 'SQLite', open: freshSqliteDatabase },
  { name: 'PostgreSQL', open: freshPostgresDatabase },
] as const;

export const postgresHarness: HarnessFactory = {
  name: 'PostgreSQL',
  open: async () => {
    const { database } = await freshPostgresDatabase();
    const persistence = await openSqlPersistence(database, { migrate: true });
    return harnessOver('PostgreSQL', persistence, async () => undefined);
  },
};

export const ALL_HARNESSES: readonly HarnessFactory[] = [inMemoryHarness, sqliteHarness, postgresHarness];

/** A harness on a fresh SQL database, and a query on that database that shares nothing with it. */
export const sqlHarnessWithQuery = async (
  fresh: (typeof FRESH_SQL_DATABASES)[number],
): Promise<{
  harness: PersistenceHarness;
  query: (sql: string) => Promise<readonly Record<string, unknown>[]>;
}> => {
  const { database, cleanup } = await fresh.open();
  const persistence = await openSqlPersistence(database, { migrate: true });
  const harness = harnessOver(fresh.name, persistence, async () => cleanup());
  const query = (sql: string) =>
    database.kind === 'sqlite'
      ? onSqlite(database.path, (run) => run(sql))
      : onPostgres(database.url, (run) => run(sql));
  return { harness, query };
};
