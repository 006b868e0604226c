import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { BoundedCache } from './bounded-cache.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_NAMED_STATEMENTS = 500;

/**
 * The statements worth preparing: queries and writes (not a transaction's own commands) whose
 * answer names its columns. A prepared `select *` would fail once a migration adds a column to its
 * table ("cached plan must not change result type") on every connection that prepared it.
 */
const PREPARED = /^\s*(select|insert|update|delete|with)\b/i;
export const EVERY_COLUMN = /(select|returning) \*|\.\*/i;
/**
 * A report on time or money records (a statement grouping rows of either table) stays unnamed,
 * planned at each run for the range it is given: its run over up to the owner's every record dwarfs
 * its planning, and the generic plan PostgreSQL settles on after five runs of a named one served the
 * times report at a third of its speed. The tasks report, over fewer rows, gains from its name
 * (bench/RESULTS-mechanisms.md).
 */
const PLANNED_EACH_RUN = /\bgroup by\b/i;
const RECORD_REPORT_TABLES = /"(time|money)_records"/;

const isNamed = (text: string): boolean =>
  PREPARED.test(text) &&
  !EVERY_COLUMN.test(text) &&
  !(PLANNED_EACH_RUN.test(text) && RECORD_REPORT_TABLES.test(text));

/**
 * Each statement's name, the hash of its text (each connection prepares it once under that name),
 * or `false` for one sent unnamed: decided once per text, not at every run.
 */
const names = new BoundedCache<string, string | false>(MAX_NAMED_STATEMENTS);
const nameOf = (text: string): string | false =>
  names.getOrMake(text, () =>
    isNamed(text) ? `ws_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` : false,
  );

/**
 * Runs the pool's statements as named prepared statements. Kysely's PostgreSQL driver, which
 * MikroORM's connection runs on, sends every statement unnamed, so PostgreSQL parses and plans it
 * again at each run. Named, each connection parses a statement once and PostgreSQL may keep its
 * plan (bench/RESULTS-mechanisms.md). The driver calls `query(text, values)`; that call alone is
 * given a name.
 */
export const namingStatements = (pool: Pool): void => {
  pool.on('connect', (client) => {
    // trust boundary: pg's overloaded `query`, called through with the arguments it was given.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const named = (text: unknown, values?: unknown, callback?: unknown) => {
      const name =
        typeof text === 'string' && Array.isArray(values) && callback === undefined && nameOf(text);
      return name ? query({ name, text, values }) : query(text, values, callback);
    };
    // trust boundary: the same method, given a named query config for the driver's (text, values) call.
    client.query = named as typeof client.query;
  });
};
