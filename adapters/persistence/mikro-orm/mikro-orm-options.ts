import { Migrator } from '@mikro-orm/migrations';
import type { Options } from '@mikro-orm/sql';
import type { QueryObserver } from '../query-observer.js';
import { POSTGRESQL_MIGRATIONS } from './migrations/postgresql/index.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite/index.js';
import { ObservingLogger } from './observing-logger.js';
import { ALL_SCHEMAS, SQLITE_SCHEMAS } from './schemas/index.js';
import { SEARCH_INDEXES } from './sql-dialect.js';

export type SqlDatabase =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgresql'; readonly url: string };

/** Where `npm run migration:create` writes each dialect's migrations (relative to the repo root). */
export const MIGRATIONS_PATH = {
  sqlite: 'adapters/persistence/mikro-orm/migrations/sqlite',
  postgresql: 'adapters/persistence/mikro-orm/migrations/postgresql',
} as const;

const MIGRATIONS = { sqlite: SQLITE_MIGRATIONS, postgresql: POSTGRESQL_MIGRATIONS } as const;

/** Migrations are listed explicitly, never globbed, and run quietly (the CLI prints JSON on stdout). */
const migrationOptions = (kind: SqlDatabase['kind']) => ({
  migrationsList: MIGRATIONS[kind],
  path: MIGRATIONS_PATH[kind],
  pathTs: MIGRATIONS_PATH[kind],
  snapshot: false,
  silent: true,
  emit: 'ts' as const,
});

export interface OrmOpenOptions {
  /** Create a PostgreSQL database that does not exist (else opening fails, naming it). */
  readonly createDatabase?: boolean;
  /**
   * PostgreSQL: how long one statement may run (absent: unbounded, as migrations need). The service's
   * pool has it; the ORM that migrates does not.
   */
  readonly statementTimeoutMs?: number | undefined;
  /**
   * SQLite: a read-only connection beside the writer (WAL lets it read while the writer writes),
   * which `getKysely({ type: 'read' })` outside a transaction uses. Not for `:memory:`, which has no
   * second connection.
   */
  readonly readConnection?: boolean;
}

/**
 * MikroORM options for one database; `observe` hears of every statement the ORM runs. A PostgreSQL
 * database that does not exist is an error naming it, unless `createDatabase` says to create it: a
 * typo in the URL must not quietly start an empty workspace beside the real one. Each database's
 * driver is loaded only for it: a SQLite file never loads `pg`, nor PostgreSQL better-sqlite3.
 */
export const mikroOrmOptions = async (
  database: SqlDatabase,
  observe?: QueryObserver,
  { createDatabase = false, statementTimeoutMs, readConnection = false }: OrmOpenOptions = {},
): Promise<Options> => {
  const common = {
    entities: [...(database.kind === 'sqlite' ? SQLITE_SCHEMAS : ALL_SCHEMAS)],
    ...(observe === undefined ? {} : { loggerFactory: (options) => new ObservingLogger(options, observe) }),
    extensions: [Migrator],
    allowGlobalContext: false,
    debug: false,
    discovery: { warnWhenNoEntities: false },
    migrations: migrationOptions(database.kind),
    // Triggers and functions are written by hand in the migrations (per dialect, see
    // OwnerRowCountSchema), and so are SQLite's search indexes (FTS5 tables and their shadow tables,
    // Migration20261124053000 and …055000): the schema diff must leave them.
    schemaGenerator: {
      ignoreTriggers: true,
      ignoreRoutines: true,
      skipTables: Object.values(SEARCH_INDEXES).map((index) => new RegExp(`^${index}(_|$)`)),
    },
  } satisfies Options;
  if (database.kind === 'sqlite') {
    const { GroupCommitSqliteDriver } = await import('./sqlite-group-commit.js');
    return {
      ...common,
      driver: GroupCommitSqliteDriver,
      dbName: database.path,
      ...(readConnection
        ? {
            replicas: [
              { name: 'read', dbName: database.path, driverOptions: { readonly: true, fileMustExist: true } },
            ],
          }
        : {}),
    };
  }
  const { PostgreSqlDriver } = await import('@mikro-orm/postgresql');
  const { connectionSettings, POOL_CONNECTIONS } = await import('./postgres-pool.js');
  const { namingStatements } = await import('./postgres-statement-names.js');
  return {
    ...common,
    driver: PostgreSqlDriver,
    clientUrl: database.url,
    ensureDatabase: createDatabase,
    pool: { min: 0, max: POOL_CONNECTIONS },
    driverOptions: { ...connectionSettings(statementTimeoutMs), onPoolCreated: namingStatements },
  };
};
