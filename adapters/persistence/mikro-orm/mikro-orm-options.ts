import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Options } from '@mikro-orm/sql';
import { SqliteDriver } from '@mikro-orm/sqlite';
import { POSTGRESQL_MIGRATIONS } from './migrations/postgresql/index.js';
import { SQLITE_MIGRATIONS } from './migrations/sqlite/index.js';
import { ALL_SCHEMAS } from './schemas/index.js';

export type SqlDatabase =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgresql'; readonly url: string };

/** Where `npm run migration:create` writes each dialect's migrations (relative to the repo root). */
export const MIGRATIONS_PATH = {
  sqlite: 'adapters/persistence/mikro-orm/migrations/sqlite',
  postgresql: 'adapters/persistence/mikro-orm/migrations/postgresql',
} as const;

/** MikroORM options for one database. Migrations are listed explicitly, never globbed. */
export const mikroOrmOptions = (database: SqlDatabase): Options => {
  const common = {
    entities: ALL_SCHEMAS,
    extensions: [Migrator],
    allowGlobalContext: false,
    debug: false,
    discovery: { warnWhenNoEntities: false },
  } satisfies Options;
  if (database.kind === 'sqlite') {
    return {
      ...common,
      driver: SqliteDriver,
      dbName: database.path,
      migrations: {
        migrationsList: SQLITE_MIGRATIONS,
        path: MIGRATIONS_PATH.sqlite,
        pathTs: MIGRATIONS_PATH.sqlite,
        snapshot: false,
        silent: true,
        emit: 'ts',
      },
    };
  }
  return {
    ...common,
    driver: PostgreSqlDriver,
    clientUrl: database.url,
    pool: { min: 0, max: 10 },
    migrations: {
      migrationsList: POSTGRESQL_MIGRATIONS,
      path: MIGRATIONS_PATH.postgresql,
      pathTs: MIGRATIONS_PATH.postgresql,
      snapshot: false,
      emit: 'ts',
    },
  };
};
