import type {
  ExportedGamification,
  ExportedRecords,
  ExportSection,
  WorkspaceExportReader,
} from '../../../../application/ports/workspace-export.port.js';
import { parseLocalDate } from '../../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Statements } from '../orm-runner.js';
import type { RecordTable } from '../record-table.js';
import { rowCount } from '../row-count.js';
import { COLUMNS, qualified } from '../schemas/columns.js';
import { profileFromRows } from '../schemas/gamification.schemas.js';
import { moneyTable, noteTable, timeTable } from '../schemas/linked-record.schemas.js';
import { historyFromRow, taskFromRow } from '../schemas/task.schemas.js';
import { cardTable, categoryTable, clientTable, projectTable } from '../schemas/workspace.schemas.js';
import { domainValue, instant } from '../typed-values.js';

const HISTORY_COLUMNS = qualified('h', COLUMNS.task_status_history);

type Reader<A> = (q: Statements, ownerId: UserId, afterId: number, limit: number) => Promise<A[]>;

/** The owner's rows of a record table after `afterId`, by id. */
const ownedBy =
  <F>(table: RecordTable<F>): Reader<ReturnType<RecordTable<F>['fromRow']>> =>
  async (q, ownerId, afterId, limit) =>
    (
      await q.all(
        q.db
          .selectFrom(table.name)
          .select(COLUMNS[table.name])
          .where('owner_id', '=', ownerId)
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(rowCount(limit)),
      )
    ).map(table.fromRow);

const READERS: { readonly [S in ExportSection]: Reader<ExportedRecords[S]> } = {
  clients: ownedBy(clientTable),
  projects: ownedBy(projectTable),
  categories: ownedBy(categoryTable),
  cards: ownedBy(cardTable),
  tasks: async (q, ownerId, afterId, limit) =>
    (
      await q.all(
        q.db
          .selectFrom('tasks')
          .select(COLUMNS.tasks)
          .where('owner_id', '=', ownerId)
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(rowCount(limit)),
      )
    ).map(taskFromRow),
  task_history: async (q, ownerId, afterId, limit) =>
    (
      await q.all(
        q.db
          .selectFrom('task_status_history as h')
          .innerJoin('tasks as t', 't.id', 'h.task_id')
          .select(HISTORY_COLUMNS)
          .where('t.owner_id', '=', ownerId)
          .where('h.id', '>', afterId)
          .orderBy('h.id')
          .limit(rowCount(limit)),
      )
    ).map(historyFromRow),
  notes: ownedBy(noteTable),
  times: ownedBy(timeTable),
  moneys: ownedBy(moneyTable),
};

/** A workspace's export through the read connection, a page of one table at a time. */
export class SqlExportReader implements WorkspaceExportReader {
  constructor(private readonly q: Statements) {}

  async page<S extends ExportSection>(
    section: S,
    ownerId: UserId,
    afterId: number,
    limit: number,
  ): Promise<readonly ExportedRecords[S][]> {
    const read: Reader<ExportedRecords[S]> = READERS[section];
    return read(this.q, ownerId, afterId, limit);
  }

  async gamification(ownerId: UserId): Promise<ExportedGamification> {
    const { q } = this;
    const profile = await q.first(
      q.db
        .selectFrom('gamification_profiles')
        .select(COLUMNS.gamification_profiles)
        .where('user_id', '=', ownerId),
    );
    const achievements = await q.all(
      q.db
        .selectFrom('user_achievements')
        .select(['code', 'unlocked_at'])
        .where('user_id', '=', ownerId)
        .orderBy('unlocked_at')
        .orderBy('code'),
    );
    const completions = await q.all(
      q.db
        .selectFrom('task_completions')
        .select(COLUMNS.task_completions)
        .where('user_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .orderBy('completed_at')
        .orderBy('task_id'),
    );
    return {
      profile: profileFromRows(ownerId, profile, achievements),
      completions: completions.map((row) => ({
        taskId: row.task_id,
        userId: row.user_id,
        day: domainValue('task_completions', 'day', row.day, parseLocalDate),
        points: row.points,
        completedAt: instant(row.completed_at),
      })),
    };
  }
}
