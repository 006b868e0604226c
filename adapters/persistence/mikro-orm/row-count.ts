import { expressionBuilder } from 'kysely';

const eb = expressionBuilder<Record<string, never>, never>();

/**
 * A bound row count for `limit` or `offset`. SQLite's planner reads the value bound to a bare
 * `limit ?`, so such a statement is prepared again at every run (which costs more than running a
 * small one); behind a cast the value is opaque to the planner and the statement is prepared once.
 * A count that never changes is better written as a literal (`lit(1)`).
 */
export const rowCount = (value: number) => eb.cast<number>(eb.val(value), 'bigint');
