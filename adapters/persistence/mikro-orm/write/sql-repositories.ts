import type { ApiKeyRepository } from '../../../../application/ports/api-key.repository.js';
import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { ReferenceLookup } from '../../../../application/ports/reference-lookup.port.js';
import type { TaskRepository } from '../../../../application/ports/task.repository.js';
import type { TaskHistoryRepository } from '../../../../application/ports/task-history.repository.js';
import type { TaskNumberAllocator } from '../../../../application/ports/task-number-allocator.port.js';
import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import type { UserRepository } from '../../../../application/ports/user.repository.js';
import type { Task } from '../../../../domain/task/task.js';
import { ChangeRecorder } from '../../change-recorder.js';
import type { DeliveryJobQueue } from '../../delivery-jobs.js';
import type { Statements } from '../orm-runner.js';
import type { RecordTable } from '../record-table.js';
import { COLUMNS } from '../schemas/columns.js';
import { moneyTable, noteTable, timeTable } from '../schemas/linked-record.schemas.js';
import { historyToRow, taskFromRow, taskToRow } from '../schemas/task.schemas.js';
import { apiKeyFromRow, apiKeyToRow, userFromRow } from '../schemas/user.schemas.js';
import { cardTable, categoryTable, clientTable, projectTable } from '../schemas/workspace.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { appendChanges } from './change-log-writer.js';
import { chunksOf, inInsertOrder } from './many-rows.js';
import { RowsAsRead } from './rows-as-read.js';
import { sqlCalendarFeeds } from './sql-calendar-feed.repository.js';
import { sqlGamification } from './sql-gamification.repository.js';
import { sqlRecords, sqlUsage } from './sql-record.repository.js';
import { sqlWebhooks } from './sql-webhook.repository.js';

/** Runs the job queue's own statements on the transaction (`passThrough`). */
type PassThrough = (sql: string, params: readonly string[]) => Promise<readonly object[]>;

/** The repositories of one transaction, and what the unit of work does with them before it commits. */
export interface SqlRepositories extends Repositories {
  /** The keys this transaction revoked: to drop from the key cache once it commits. */
  readonly revokedKeys: readonly number[];
  /** The records this transaction changed, for the change log. */
  readonly changes: ChangeRecorder;
}

/** The tables whose rows keep pointing at a deleted task, without the link, and their resources. */
const TASK_LINKED = [
  ['notes', 'notes'],
  ['time_records', 'times'],
  ['money_records', 'moneys'],
] as const;

/** Tasks, and who saw each one changed, for the change log. */
const taskRepository = (q: Statements, dialect: SqlDialect, changes: ChangeRecorder): TaskRepository => {
  const tasksAsRead = new RowsAsRead<ReturnType<typeof taskToRow>>();
  return {
    findForUpdate: async (id) => {
      const row = await q.first(
        q.db
          .selectFrom('tasks')
          .select(COLUMNS.tasks)
          .where('id', '=', id)
          .$if(dialect.rowLocks, (query) => query.forUpdate()),
      );
      if (!row) return null;
      const task = taskFromRow(row);
      tasksAsRead.remember(id, taskToRow(task));
      return task;
    },
    add: async (task) => {
      const added = taskFromRow(
        await q.returned(
          q.db
            .insertInto('tasks')
            .values({ ...taskToRow(task), version: 1 })
            .returning(COLUMNS.tasks),
        ),
      );
      changes.recordTask(added.id, null, added);
      return added;
    },
    addAll: async (tasks) => {
      const added: Task[] = [];
      for (const chunk of chunksOf(tasks)) {
        const rows = chunk.map((task) => ({ ...taskToRow(task), version: 1 }));
        const ids = inInsertOrder(await q.all(q.db.insertInto('tasks').values(rows).returning('id')));
        for (const [index, task] of chunk.entries()) {
          const stored: Task = { ...task, id: ids[index] ?? 0, version: 1 };
          changes.recordTask(stored.id, null, stored);
          added.push(stored);
        }
      }
      return added;
    },
    update: async (task) => {
      // Who saw the task before: its owner and assignee as this transaction read or last wrote them.
      const before = tasksAsRead.get(task.id);
      const changed = tasksAsRead.changes(task.id, taskToRow(task));
      const updated = taskFromRow(
        await q.returned(
          q.db
            .updateTable('tasks')
            .set((row) => ({ ...changed, version: row('version', '+', 1) }))
            .where('id', '=', task.id)
            .returning(COLUMNS.tasks),
        ),
      );
      const seers =
        before === undefined ? task : { ownerId: before.owner_id, assigneeId: before.assignee_id };
      changes.recordTask(updated.id, seers, updated);
      return updated;
    },
    delete: async (id) => {
      await q.run(q.db.deleteFrom('task_status_history').where('task_id', '=', id));
      // Records that pointed at the task stay, without the link.
      for (const [table, resource] of TASK_LINKED) {
        const unlinked = await q.all(
          q.db
            .updateTable(table)
            .set((row) => ({ task_id: null, version: row('version', '+', 1) }))
            .where('task_id', '=', id)
            .returning(['id', 'owner_id']),
        );
        for (const row of unlinked) changes.record(row.owner_id, resource, row.id, 'updated');
      }
      const deleted = await q.first(
        q.db.deleteFrom('tasks').where('id', '=', id).returning(['owner_id', 'assignee_id']),
      );
      if (deleted !== undefined)
        changes.recordTask(id, { ownerId: deleted.owner_id, assigneeId: deleted.assignee_id }, null);
    },
  };
};

const taskNumbers = (q: Statements): TaskNumberAllocator => ({
  next: async (ownerId, scope) => {
    // One statement, atomic on both databases; the row lock serialises concurrent creators.
    const row = await q.first(
      q.db
        .insertInto('task_numbers')
        .values({ owner_id: ownerId, scope, last_value: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['owner_id', 'scope'])
            .doUpdateSet((update) => ({ last_value: update('task_numbers.last_value', '+', 1) })),
        )
        .returning('last_value'),
    );
    return Number(row?.last_value);
  },
  raiseTo: async (ownerId, scope, taken) => {
    await q.run(
      q.db
        .insertInto('task_numbers')
        .values({ owner_id: ownerId, scope, last_value: taken })
        .onConflict((conflict) => conflict.columns(['owner_id', 'scope']).doNothing()),
    );
    await q.run(
      q.db
        .updateTable('task_numbers')
        .set({ last_value: taken })
        .where('owner_id', '=', ownerId)
        .where('scope', '=', scope)
        .where('last_value', '<', taken),
    );
  },
});

const taskHistory = (q: Statements): TaskHistoryRepository => ({
  append: (change) => q.run(q.db.insertInto('task_status_history').values(historyToRow(change))),
  appendAll: async (changes) => {
    for (const chunk of chunksOf(changes))
      await q.run(q.db.insertInto('task_status_history').values(chunk.map(historyToRow)));
  },
});

/** The owned tables a reference may name. */
type OwnedTable = 'clients' | 'categories' | 'cards';

const referenceLookup = (q: Statements): ReferenceLookup => {
  const owned = async (table: OwnedTable, ownerId: number, id: number) =>
    (await q.first(
      q.db.selectFrom(table).select('id').where('id', '=', id).where('owner_id', '=', ownerId),
    )) !== undefined;
  return {
    client: (ownerId, id) => owned('clients', ownerId, id),
    project: async (ownerId, id) => {
      const row = await q.first(
        q.db.selectFrom('projects').select('client_id').where('id', '=', id).where('owner_id', '=', ownerId),
      );
      return row ? { id, clientId: row.client_id } : null;
    },
    category: (ownerId, id) => owned('categories', ownerId, id),
    task: async (ownerId, id) => {
      const row = await q.first(
        q.db
          .selectFrom('tasks')
          .select(['project_id', 'client_id'])
          .where('id', '=', id)
          .where('owner_id', '=', ownerId),
      );
      return row ? { id, projectId: row.project_id, clientId: row.client_id } : null;
    },
    card: (ownerId, id) => owned('cards', ownerId, id),
    user: async (id) =>
      (await q.first(q.db.selectFrom('users').select('id').where('id', '=', id))) !== undefined,
  };
};

const userRepository = (q: Statements): UserRepository => ({
  findById: async (id) => {
    const row = await q.first(q.db.selectFrom('users').select(COLUMNS.users).where('id', '=', id));
    return row ? userFromRow(row) : null;
  },
  list: async () =>
    (await q.all(q.db.selectFrom('users').select(COLUMNS.users).orderBy('id'))).map(userFromRow),
  findByName: async (name) => {
    const row = await q.first(q.db.selectFrom('users').select(COLUMNS.users).where('name', '=', name));
    return row ? userFromRow(row) : null;
  },
  add: async (user) =>
    userFromRow(
      await q.returned(
        q.db
          .insertInto('users')
          .values({ name: user.name, timezone: user.timezone, created_at: user.createdAt.getTime() })
          .returning(COLUMNS.users),
      ),
    ),
  setTimezone: async (id, timezone) => {
    await q.run(q.db.updateTable('users').set({ timezone }).where('id', '=', id));
  },
});

const apiKeyRepository = (q: Statements, revokedKeys: number[]): ApiKeyRepository => ({
  add: async (key) =>
    apiKeyFromRow(
      await q.returned(q.db.insertInto('api_keys').values(apiKeyToRow(key)).returning(COLUMNS.api_keys)),
    ),
  listByUser: async (userId) =>
    (
      await q.all(
        q.db.selectFrom('api_keys').select(COLUMNS.api_keys).where('user_id', '=', userId).orderBy('id'),
      )
    ).map(apiKeyFromRow),
  findById: async (id) => {
    const row = await q.first(q.db.selectFrom('api_keys').select(COLUMNS.api_keys).where('id', '=', id));
    return row ? apiKeyFromRow(row) : null;
  },
  revoke: async (id, at) => {
    await q.run(q.db.updateTable('api_keys').set({ revoked_at: at.getTime() }).where('id', '=', id));
    revokedKeys.push(id);
  },
});

/**
 * Every repository bound to one transaction: each call is the typed statements it needs. They are
 * closures over the transaction's statements, cheap to make, so all are made with it.
 */
export const sqlRepositories = (
  passThrough: PassThrough,
  q: Statements,
  dialect: SqlDialect,
  deliveryJobs?: DeliveryJobQueue,
): SqlRepositories => {
  const revokedKeys: number[] = [];
  const changes = new ChangeRecorder();
  const records = <F>(table: RecordTable<F>, resource: ChangeResource) =>
    sqlRecords(q, dialect, table, { resource, changes });
  return {
    revokedKeys,
    changes,
    changeNotes: {
      statusChanged: (taskId, note) => changes.statusChanged(taskId, note),
      writeAhead: async () => {
        await appendChanges(q, dialect, changes, Date.now());
        changes.appendedAhead();
      },
    },
    gamification: sqlGamification(q, dialect),
    tasks: taskRepository(q, dialect, changes),
    taskNumbers: taskNumbers(q),
    history: taskHistory(q),
    references: referenceLookup(q),
    users: userRepository(q),
    apiKeys: apiKeyRepository(q, revokedKeys),
    webhooks: sqlWebhooks(q, dialect, passThrough, deliveryJobs),
    calendarFeeds: sqlCalendarFeeds(q),
    clients: records(clientTable, 'clients'),
    projects: records(projectTable, 'projects'),
    categories: records(categoryTable, 'categories'),
    cards: records(cardTable, 'cards'),
    notes: records(noteTable, 'notes'),
    times: records(timeTable, 'times'),
    moneys: records(moneyTable, 'moneys'),
    usage: sqlUsage(q),
  };
};
