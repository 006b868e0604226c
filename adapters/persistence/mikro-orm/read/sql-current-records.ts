import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { CurrentRecords, ResourceRecords } from '../../../../application/ports/current-records.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Stored } from '../../../../domain/workspace/records.js';
import type { Statements } from '../orm-runner.js';
import type { RecordTable } from '../record-table.js';
import { COLUMNS } from '../schemas/columns.js';
import { moneyTable, noteTable, timeTable } from '../schemas/linked-record.schemas.js';
import { taskFromRow } from '../schemas/task.schemas.js';
import { cardTable, categoryTable, clientTable, projectTable } from '../schemas/workspace.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';

type Reader<A> = (q: Statements, dialect: SqlDialect, userId: UserId, ids: readonly number[]) => Promise<A[]>;

/** The owner's records of one table among `ids`, each found by primary key. */
const ownedBy =
  <F>(table: RecordTable<F>): Reader<Stored<F>> =>
  async (q, dialect, userId, ids) =>
    (
      await q.all(
        q.db
          .selectFrom(table.name)
          .select(COLUMNS[table.name])
          .where('id', 'in', dialect.idList(ids))
          .where('owner_id', '=', userId),
      )
    ).map(table.fromRow);

type Readers = { readonly [R in ChangeResource]: Reader<ResourceRecords[R]> };

const READERS: Readers = {
  // A task is the owner's and its assignee's.
  tasks: async (q, dialect, userId, ids) =>
    (
      await q.all(
        q.db
          .selectFrom('tasks')
          .select(COLUMNS.tasks)
          .where('id', 'in', dialect.idList(ids))
          .where((row) => row.or([row('owner_id', '=', userId), row('assignee_id', '=', userId)])),
      )
    ).map(taskFromRow),
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
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
  ) {}

  async visible<R extends ChangeResource>(
    userId: UserId,
    resource: R,
    ids: readonly number[],
  ): Promise<readonly ResourceRecords[R][]> {
    if (ids.length === 0) return [];
    const read: Readers[R] = READERS[resource];
    return read(this.q, this.dialect, userId, ids);
  }
}
