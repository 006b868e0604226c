import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextId } from '../../adapters/persistence/in-memory/in-memory-state.js';
import { openInMemoryPersistence } from '../../adapters/persistence/in-memory/open-in-memory-persistence.js';
import { openMikroOrmPersistence } from '../../adapters/persistence/mikro-orm/open-mikro-orm-persistence.js';
import {
  CategorySchema,
  ClientSchema,
  ProjectSchema,
} from '../../adapters/persistence/mikro-orm/schemas/workspace.schemas.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { type RunningPostgres, startEmbeddedPostgres } from './embedded-postgres.js';

export interface SeedOptions {
  readonly active?: boolean;
  readonly clientId?: number | null;
}

/**
 * A persistence adapter plus a way to create the clients, projects and categories tasks point at
 * (their own CRUD arrives with a later issue).
 */
export interface PersistenceHarness {
  readonly name: string;
  readonly persistence: Persistence;
  seedClient(ownerId: number, options?: SeedOptions): Promise<number>;
  seedProject(ownerId: number, options?: SeedOptions): Promise<number>;
  seedCategory(ownerId: number): Promise<number>;
  setActive(table: 'clients' | 'projects', id: number, active: boolean): Promise<void>;
  close(): Promise<void>;
}

export type HarnessFactory = { readonly name: string; open(): Promise<PersistenceHarness> };

export const inMemoryHarness: HarnessFactory = {
  name: 'in-memory',
  open: async () => {
    const persistence = openInMemoryPersistence();
    const write = <A>(
      change: (draft: Parameters<Parameters<typeof persistence.database.transaction>[0]>[0]) => A,
    ) => persistence.database.transaction(async (draft) => ({ commit: true, value: change(draft) }));
    return {
      name: 'in-memory',
      persistence,
      seedClient: (ownerId, options = {}) =>
        write((draft) => {
          const id = nextId(draft, 'clients');
          draft.clients.set(id, { id, ownerId, name: `client ${id}`, active: options.active ?? true });
          return id;
        }),
      seedProject: (ownerId, options = {}) =>
        write((draft) => {
          const id = nextId(draft, 'projects');
          const project = { id, ownerId, name: `project ${id}`, active: options.active ?? true };
          draft.projects.set(id, { ...project, clientId: options.clientId ?? null });
          return id;
        }),
      seedCategory: (ownerId) =>
        write((draft) => {
          const id = nextId(draft, 'categories');
          draft.categories.set(id, { id, ownerId, name: `category ${id}`, active: true });
          return id;
        }),
      setActive: async (table, id, active) => {
        await write((draft) => {
          const records = table === 'clients' ? draft.clients : draft.projects;
          const record = records.get(id);
          if (record) records.set(id, { ...record, active } as never);
        });
      },
      close: () => persistence.close(),
    };
  },
};

const sqlHarness = async (
  name: string,
  persistence: Awaited<ReturnType<typeof openMikroOrmPersistence>>,
  cleanup: () => Promise<void>,
): Promise<PersistenceHarness> => {
  const now = Date.now();
  const insert = async (
    schema: typeof ClientSchema | typeof ProjectSchema | typeof CategorySchema,
    data: object,
  ) => {
    const em = persistence.orm.em.fork();
    const record = em.create(
      schema as typeof ClientSchema,
      { ...data, createdAt: now, updatedAt: now } as never,
    );
    await em.flush();
    return record.id;
  };
  return {
    name,
    persistence,
    seedClient: (ownerId, options = {}) =>
      insert(ClientSchema, {
        ownerId,
        name: 'client',
        active: options.active ?? true,
        email: null,
        phone: null,
        description: null,
      }),
    seedProject: (ownerId, options = {}) =>
      insert(ProjectSchema, {
        ownerId,
        name: 'project',
        active: options.active ?? true,
        clientId: options.clientId ?? null,
        description: null,
      }),
    seedCategory: (ownerId) =>
      insert(CategorySchema, { ownerId, name: 'category', active: true, description: null }),
    setActive: async (table, id, active) => {
      await persistence.orm.em.fork().execute(`update ${table} set active = ? where id = ?`, [active, id]);
    },
    close: async () => {
      await persistence.close();
      await cleanup();
    },
  };
};

export const sqliteHarness: HarnessFactory = {
  name: 'SQLite',
  open: async () => {
    const directory = mkdtempSync(join(tmpdir(), 'workspace-sqlite-'));
    const persistence = await openMikroOrmPersistence(
      { kind: 'sqlite', path: join(directory, 'test.db') },
      { migrate: true },
    );
    return sqlHarness('SQLite', persistence, async () => rmSync(directory, { recursive: true, force: true }));
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
    postgres = { server: await startEmbeddedPostgres(join(directory, 'data')), directory };
  }
  return postgres.server;
};

export const stopPostgresServer = async (): Promise<void> => {
  if (!postgres) return;
  await postgres.server.stop();
  rmSync(postgres.directory, { recursive: true, force: true });
  postgres = undefined;
};

export const postgresHarness: HarnessFactory = {
  name: 'PostgreSQL',
  open: async () => {
    const server = await postgresServer();
    databases += 1;
    const url = await server.createDatabase(`workspace_test_${process.pid}_${databases}`);
    const persistence = await openMikroOrmPersistence({ kind: 'postgresql', url }, { migrate: true });
    return sqlHarness('PostgreSQL', persistence, async () => undefined);
  },
};

export const ALL_HARNESSES: readonly HarnessFactory[] = [inMemoryHarness, sqliteHarness, postgresHarness];
