import { identifierQuote, type MigrationDialect, type MigrationStatements } from './statements-migration.js';

interface TaskIndex {
  readonly name: string;
  readonly columns: readonly string[];
}

/**
 * Indexes that keep a filtered task list's cost with its page and its capped count, not with the
 * owner's whole list (`npm run bench -- --scale`, filtered lists: p99 at 100k tasks for the owner
 * was 23x that at 1k on SQLite). Each holds every column the common filters test, so a page's ids
 * and its count are read from the index alone:
 * - status and priority are equalities, and within them the ids are in list order: a page of
 *   "status 1, priority 2" reads its 50 entries and stops, even when nothing matches;
 * - a date range is a range of the second index: counted without walking every task of the owner;
 * - a project's tasks in id order, with who sees them and the other filters' columns, replace the
 *   project's board index (project, status, date), which made each match read its row.
 * Written once for both dialects.
 */
const CREATED: readonly TaskIndex[] = [
  { name: 'tasks_owner_status_index', columns: ['owner_id', 'status', 'priority', 'id', 'date'] },
  { name: 'tasks_owner_date_index', columns: ['owner_id', 'date', 'status', 'priority'] },
  {
    name: 'tasks_project_index',
    columns: ['project_id', 'id', 'owner_id', 'assignee_id', 'status', 'priority', 'date'],
  },
];

const REPLACED: TaskIndex = { name: 'tasks_project_status_index', columns: ['project_id', 'status', 'date'] };

export const taskFilterIndexes = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const create = ({ name, columns }: TaskIndex) =>
    `create index ${q(name)} on ${q('tasks')} (${columns.map(q).join(', ')});`;
  return {
    up: [...CREATED.map(create), `drop index ${q(REPLACED.name)};`],
    down: [create(REPLACED), ...CREATED.map(({ name }) => `drop index ${q(name)};`)],
  };
};
