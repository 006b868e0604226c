import { expressionBuilder } from 'kysely';

const eb = expressionBuilder<Record<string, never>, never>();

/**
 * A bound row count for `limit` or `offset`. SQLite's planner reads the value bound to a bare
 * `limit ?`, so such a statement is prepared again at every run (which costs more than running a
 * small one); behind a cast the value is opaque to the planner and the statement is prepared once.
 */
export const rowCount = (value: number) => eb.cast<number>(eb.val(value), 'bigint');

/** `limit 1`, written as a literal: a count that never changes needs no parameter. */
export const ONE_ROW = eb.lit(1);
