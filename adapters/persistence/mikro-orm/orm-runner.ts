import type { ConnectionType } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { CompiledQuery } from 'kysely';
import { BoundedCache } from './bounded-cache.js';
import type { Row, SqlRunner, SqlValue } from './read/sql-runner.js';
import type { SqlDialect } from './sql-dialect.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_TEXTS = 500;

/** PostgreSQL numbers its placeholders (`$1`); the statements are written with `?` for both databases. */
const numbered = new BoundedCache<string, string>(MAX_CACHED_TEXTS);
const numberPlaceholders = (sql: string): string =>
  numbered.getOrMake(sql, (text) => {
    let index = 0;
    return text.replace(/\?/g, () => `$${++index}`);
  });

/**
 * Statements through MikroORM's Kysely client on `em`: inside `em.transactional` (in its async
 * context, when `em` is the global manager) they run in that transaction, a savepoint's included;
 * outside one, on the connection of `type` (`read`: SQLite's read-only connection, beside the
 * writer; PostgreSQL's pool). A manager forked with its own context never joins a transaction.
 */
export const ormRunner = (em: SqlEntityManager, dialect: SqlDialect, type: ConnectionType): SqlRunner => {
  const text = dialect.kind === 'postgresql' ? numberPlaceholders : (sql: string) => sql;
  const all = async (sql: string, params: readonly SqlValue[]): Promise<Row[]> => {
    const result = await em.getKysely({ type }).executeQuery(CompiledQuery.raw(text(sql), [...params]));
    // trust boundary: the drivers answer rows as objects of column values.
    return result.rows as Row[];
  };
  return {
    all,
    get: async (sql, params) => (await all(sql, params))[0],
    run: async (sql, params) => {
      await all(sql, params);
    },
  };
};
