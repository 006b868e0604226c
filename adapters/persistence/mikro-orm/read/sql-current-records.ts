import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { CurrentRecords, ResourceRecords } from '../../../../application/ports/current-records.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Stored } from '../../../../domain/workspace/records.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  type RecordRow,
  type RecordTable,
  timeTable,
} from '../record-tables.js';
import type { SqlDialect } from '../sql-dialect.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { taskColumnsOn, taskFromRead } from './sql-task-read-model.js';

/** How one resource's rows are selected by id for a user, and read back. */
interface Selection<A> {
  readonly table: string;
  /** The selected columns, on the alias `r`. */
  readonly columns: string;
  /** Who sees a row of `r`, with the user's id bound `users` times. */
  readonly visibleTo: string;
  readonly users: number;
  readonly map: (row: Row) => A;
}

const ownedBy = <F>(table: RecordTable<F>): Selection<Stored<F>> => ({
  table: table.name,
  // On the alias: the ids' own `id` is beside them.
  columns: 'r.*',
  visibleTo: 'r.owner_id = ?',
  users: 1,
  // trust boundary: the statement selects every column of the table, unaliased.
  map: (row) => table.fromRow(row as RecordRow),
});

type Selections = { readonly [R in ChangeResource]: Selection<ResourceRecords[R]> };

const SELECTIONS: Selections = {
  tasks: {
    table: 'tasks',
    columns: taskColumnsOn('r'),
    visibleTo: '(r.owner_id = ? or r.assignee_id = ?)',
    users: 2,
    map: taskFromRead,
  },
  clients: ownedBy(clientTable),
  projects: ownedBy(projectTable),
  notes: ownedBy(noteTable),
  categories: ownedBy(categoryTable),
  cards: ownedBy(cardTable),
  times: ownedBy(timeTable),
  moneys: ownedBy(moneyTable),
};

/** Records by id, one statement per resource however many ids (bound as one list parameter). */
export class SqlCurrentRecords implements CurrentRecords {
  constructor(
    private readonly runner: SqlRunner,
    private readonly dialect: SqlDialect,
  ) {}

  async visible<R extends ChangeResource>(
    userId: UserId,
    resource: R,
    ids: readonly number[],
  ): Promise<readonly ResourceRecords[R][]> {
    if (ids.length === 0) return [];
    const { table, columns, visibleTo, users, map }: Selections[R] = SELECTIONS[resource];
    const rows = this.dialect.rowsByIds(table, 'r', ids);
    const found = await this.runner.all(`select ${columns} from ${rows.sql} where ${visibleTo}`, [
      ...rows.params,
      ...Array.from({ length: users }, () => userId),
    ]);
    return found.map(map);
  }
}
