import { identifierQuote, type MigrationDialect, type MigrationStatements } from './statements-migration.js';

/**
 * Indexes that another index of their table starts with, so that it serves every lookup they
 * served: each was one more write per insert. SQLite's index on `owner_id` alone is the same as the
 * table's (owner_id, id) index, as every SQLite index ends in the row's id; MikroORM made those for
 * the owner references on SQLite only. Written once for both dialects.
 */
const COVERED: readonly {
  readonly table: string;
  readonly column: string;
  readonly dialects: readonly MigrationDialect[];
}[] = [
  ...['clients', 'projects', 'categories', 'tasks', 'time_records', 'notes', 'cards', 'money_records'].map(
    (table) => ({ table, column: 'owner_id', dialects: ['sqlite'] as const }),
  ),
  { table: 'tasks', column: 'assignee_id', dialects: ['sqlite'] },
  { table: 'task_status_history', column: 'task_id', dialects: ['sqlite'] },
  { table: 'tasks', column: 'client_id', dialects: ['sqlite', 'postgresql'] },
  { table: 'tasks', column: 'project_id', dialects: ['sqlite', 'postgresql'] },
];

export const coveredIndexesDropped = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const covered = COVERED.filter((index) => index.dialects.includes(dialect));
  return {
    up: covered.map(({ table, column }) => `drop index ${q(`${table}_${column}_index`)};`),
    down: covered.map(
      ({ table, column }) => `create index ${q(`${table}_${column}_index`)} on ${q(table)} (${q(column)});`,
    ),
  };
};
