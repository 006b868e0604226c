import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { CurrentRecords, ResourceRecords } from '../../../../application/ports/current-records.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import { taskFromRecord } from '../mappers.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  type RecordTable,
  timeTable,
} from '../record-tables.js';
import type { SqlDialect } from '../sql-dialect.js';
import { shapeOf } from '../write/table-statements.js';
import type { Row, SqlRunner } from './sql-runner.js';
import { TASK_SELECTION } from './sql-task-read-model.js';

/** How one resource's rows are selected by id for a user, and read back. */
interface Selection<A> {
  /** `select … from … where <ids> and <visible to ?>`, given the condition on the ids. */
  readonly select: (ids: string) => string;
  /** How many times the user's id is bound after the ids. */
  readonly userParams: number;
  readonly map: (row: Row) => A;
}

const ownedBy = <F, R>(table: RecordTable<F, R>): Selection<ReturnType<RecordTable<F, R>['fromRow']>> => {
  const shape = shapeOf(table.schema);
  return {
    select: (ids) => `select ${shape.selection} from ${shape.table} where ${ids} and owner_id = ?`,
    userParams: 1,
    map: table.fromRow,
  };
};

type Selections = { readonly [R in ChangeResource]: Selection<ResourceRecords[R]> };

const SELECTIONS: Selections = {
  tasks: {
    select: (ids) =>
      `select ${TASK_SELECTION} from tasks t where ${ids} and (t.owner_id = ? or t.assignee_id = ?)`,
    userParams: 2,
    map: taskFromRecord,
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
    const selection: Selections[R] = SELECTIONS[resource];
    const column = resource === 'tasks' ? 't.id' : 'id';
    const list = this.dialect.idInList(column, ids);
    const users = Array.from({ length: selection.userParams }, () => userId);
    const rows = await this.runner.all(selection.select(list.sql), [...list.params, ...users]);
    return rows.map(selection.map);
  }
}
