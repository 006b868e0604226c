import { identifierQuote, type MigrationDialect, type MigrationStatements } from './statements-migration.js';

interface ReferenceIndex {
  readonly name: string;
  /** The optional reference the index is looked up by; its other columns follow. */
  readonly reference: string;
  readonly columns: readonly string[];
}

/**
 * Task indexes led by a reference a task may leave empty (its category, client, assignee or project)
 * hold only the tasks that have one. Every query that reads them asks for one reference's tasks
 * (`column = ?`, which no empty one matches), and so does a delete's foreign-key check; SQLite and
 * PostgreSQL both use a partial index for it. A task without those references, as most are, costs
 * them no write: on SQLite a create without references writes four index entries fewer, and the
 * indexes shrink to the tasks they are for. Written once for both dialects.
 */
const SPARSE: readonly ReferenceIndex[] = [
  { name: 'tasks_category_id_index', reference: 'category_id', columns: [] },
  { name: 'tasks_client_latest_index', reference: 'client_id', columns: ['created_at', 'id'] },
  { name: 'tasks_assignee_visible_index', reference: 'assignee_id', columns: ['id', 'owner_id'] },
  {
    name: 'tasks_project_index',
    reference: 'project_id',
    columns: ['id', 'owner_id', 'assignee_id', 'status', 'priority', 'date'],
  },
];

export const sparseReferenceIndexes = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const create = ({ name, reference, columns }: ReferenceIndex, partial: boolean) =>
    `create index ${q(name)} on ${q('tasks')} (${[reference, ...columns].map(q).join(', ')})${
      partial ? ` where ${q(reference)} is not null` : ''
    };`;
  const replace = (partial: boolean) =>
    SPARSE.flatMap((index) => [`drop index ${q(index.name)};`, create(index, partial)]);
  return { up: replace(true), down: replace(false) };
};
