import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import type { User } from '../../../../domain/user/user.js';
import { ChangeRecorder, type TaskSeers } from '../../change-recorder.js';
import type { DeliveryJobQueue } from '../../delivery-jobs.js';
import { BoundedCache } from '../bounded-cache.js';
import {
  apiKeyFromRecord,
  apiKeyToRecord,
  taskFromRecord,
  taskToRecord,
  userFromRecord,
} from '../mappers.js';
import type { SqlRunner } from '../read/sql-runner.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  timeTable,
} from '../record-tables.js';
import { TaskSchema } from '../schemas/task.schemas.js';
import { ApiKeySchema, UserSchema } from '../schemas/user.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { sqlGamification } from './sql-gamification.repository.js';
import { sqlRecords, sqlUsage } from './sql-record.repository.js';
import { sqlWebhooks } from './sql-webhook.repository.js';
import { insertReturning, RowsAsRead, shapeOf, updateById } from './table-statements.js';

const TASK = shapeOf(TaskSchema);
const USER = shapeOf(UserSchema);
const API_KEY = shapeOf(ApiKeySchema);

const exists = async (tx: SqlRunner, sql: string, params: readonly (number | string)[]) =>
  (await tx.get(sql, params)) !== undefined;

/** Enough users for any one service, without growing forever. */
const MAX_KNOWN_USERS = 10_000;

/**
 * Users by id, kept between transactions: a user never changes or goes away once stored (the
 * port has no update or delete), and a status change needs its actor's time zone every time.
 */
export class KnownUsers extends BoundedCache<number, User> {
  constructor() {
    super(MAX_KNOWN_USERS);
  }
}

/** The repositories of one transaction, and what the unit of work does with them before it commits. */
export interface SqlRepositories extends Repositories {
  /**
   * Writes what a repository kept back for fewer round trips (gamification's ledger days, sent with
   * the profile's update when one follows); the unit of work calls it before the commit, whatever
   * the repository.
   */
  writeKeptBack(): Promise<void>;
  /** The keys this transaction revoked: to drop from the key cache once it commits. */
  readonly revokedKeys: readonly number[];
  /** The records this transaction changed, for the change log. */
  readonly changes: ChangeRecorder;
}

/** Who saw a task, from its row as a statement returned it. */
const seersIn = (row: Record<string, unknown>): TaskSeers => ({
  ownerId: Number(row.owner_id),
  assigneeId: row.assignee_id === null ? null : Number(row.assignee_id),
});

/** The tables whose rows keep pointing at a deleted task, without the link, and their resources. */
const TASK_LINKED = [
  ['notes', 'notes'],
  ['time_records', 'times'],
  ['money_records', 'moneys'],
] as const;

/**
 * Every repository bound to one transaction's connection: each call is the statements it needs,
 * written out (the ORM keeps the schemas and the migrations, not the hot path).
 */
export const sqlRepositories = (
  tx: SqlRunner,
  dialect: SqlDialect,
  known = new KnownUsers(),
  deliveryJobs?: DeliveryJobQueue,
): SqlRepositories => {
  const revokedKeys: number[] = [];
  const changes = new ChangeRecorder();
  const forUpdate = dialect.rowLocks ? ' for update' : '';
  /** Users this transaction added. */
  const added = new Set<number>();
  const tasksAsRead = new RowsAsRead<ReturnType<typeof taskToRecord>>();
  const gamification = sqlGamification(tx, dialect);
  return {
    writeKeptBack: () => gamification.flush(),
    revokedKeys,
    changes,
    changeNotes: changes,
    webhooks: sqlWebhooks(tx, dialect, deliveryJobs),
    tasks: {
      findForUpdate: async (id) => {
        const row = await tx.get(`select ${TASK.selection} from tasks where id = ?${forUpdate}`, [id]);
        if (!row) return null;
        const task = taskFromRecord(row);
        tasksAsRead.remember(id, taskToRecord(task));
        return task;
      },
      add: async (task) => {
        const { sql, params } = insertReturning(TASK, { ...taskToRecord(task), version: 1 });
        const stored = taskFromRecord((await tx.get(sql, params)) ?? {});
        changes.recordTask(stored.id, null, stored);
        return stored;
      },
      update: async (task) => {
        // Who saw the task before: its owner and assignee as this transaction read or last wrote them.
        const before = tasksAsRead.get(task.id) ?? task;
        const changed = tasksAsRead.changes(task.id, taskToRecord(task));
        const { sql, params } = updateById(TASK, task.id, changed, 'version = version + 1');
        const stored = taskFromRecord((await tx.get(sql, params)) ?? {});
        changes.recordTask(stored.id, before, stored);
        return stored;
      },
      delete: async (id) => {
        await tx.run('delete from task_status_history where task_id = ?', [id]);
        // Records that pointed at the task stay, without the link.
        for (const [table, resource] of TASK_LINKED) {
          const unlinked = await tx.all(
            `update ${table} set task_id = null, version = version + 1 where task_id = ? returning id, owner_id`,
            [id],
          );
          for (const row of unlinked)
            changes.record(Number(row.owner_id), resource, Number(row.id), 'updated');
        }
        const deleted = await tx.get('delete from tasks where id = ? returning owner_id, assignee_id', [id]);
        if (deleted !== undefined) changes.recordTask(id, seersIn(deleted), null);
      },
    },
    taskNumbers: {
      next: async (ownerId, scope) => {
        // One statement, atomic on both databases; the row lock serialises concurrent creators.
        const row = await tx.get(
          'insert into task_numbers (owner_id, scope, last_value) values (?, ?, 1) ' +
            'on conflict (owner_id, scope) do update set last_value = task_numbers.last_value + 1 ' +
            'returning last_value',
          [ownerId, scope],
        );
        return Number(row?.last_value);
      },
    },
    history: {
      append: async (change) => {
        await tx.run(
          'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) ' +
            'values (?, ?, ?, ?, ?)',
          [change.taskId, change.from, change.to, change.changedBy, change.changedAt.getTime()],
        );
      },
    },
    gamification,
    references: {
      client: (ownerId, id) =>
        exists(tx, 'select 1 from clients where id = ? and owner_id = ?', [id, ownerId]),
      project: async (ownerId, id) => {
        const row = await tx.get(
          'select client_id as "clientId" from projects where id = ? and owner_id = ?',
          [id, ownerId],
        );
        return row ? { id, clientId: row.clientId === null ? null : Number(row.clientId) } : null;
      },
      category: (ownerId, id) =>
        exists(tx, 'select 1 from categories where id = ? and owner_id = ?', [id, ownerId]),
      task: (ownerId, id) => exists(tx, 'select 1 from tasks where id = ? and owner_id = ?', [id, ownerId]),
      card: (ownerId, id) => exists(tx, 'select 1 from cards where id = ? and owner_id = ?', [id, ownerId]),
      user: (id) => exists(tx, 'select 1 from users where id = ?', [id]),
    },
    users: {
      findById: async (id) => {
        const knownUser = known.get(id);
        if (knownUser !== undefined) return knownUser;
        const row = await tx.get(`select ${USER.selection} from users where id = ?`, [id]);
        if (!row) return null;
        const user = userFromRecord(row);
        // Only a user this transaction did not add: one it added is gone if it rolls back.
        if (!added.has(id)) known.set(id, user);
        return user;
      },
      list: async () =>
        (await tx.all(`select ${USER.selection} from users order by id`, [])).map(userFromRecord),
      findByName: async (name) => {
        const row = await tx.get(`select ${USER.selection} from users where name = ?`, [name]);
        return row ? userFromRecord(row) : null;
      },
      add: async (user) => {
        const { sql, params } = insertReturning(USER, {
          name: user.name,
          timezone: user.timezone,
          createdAt: user.createdAt.getTime(),
        });
        const stored = userFromRecord((await tx.get(sql, params)) ?? {});
        added.add(stored.id);
        return stored;
      },
    },
    apiKeys: {
      add: async (key) => {
        const { sql, params } = insertReturning(API_KEY, apiKeyToRecord(key));
        return apiKeyFromRecord((await tx.get(sql, params)) ?? {});
      },
      listByUser: async (userId) =>
        (
          await tx.all(`select ${API_KEY.selection} from api_keys where user_id = ? order by id`, [userId])
        ).map(apiKeyFromRecord),
      findById: async (id) => {
        const row = await tx.get(`select ${API_KEY.selection} from api_keys where id = ?`, [id]);
        return row ? apiKeyFromRecord(row) : null;
      },
      revoke: async (id, at) => {
        await tx.run('update api_keys set revoked_at = ? where id = ?', [at.getTime(), id]);
        revokedKeys.push(id);
      },
    },
    clients: sqlRecords(tx, dialect, clientTable, { resource: 'clients', changes }),
    projects: sqlRecords(tx, dialect, projectTable, { resource: 'projects', changes }),
    categories: sqlRecords(tx, dialect, categoryTable, { resource: 'categories', changes }),
    cards: sqlRecords(tx, dialect, cardTable, { resource: 'cards', changes }),
    notes: sqlRecords(tx, dialect, noteTable, { resource: 'notes', changes }),
    times: sqlRecords(tx, dialect, timeTable, { resource: 'times', changes }),
    moneys: sqlRecords(tx, dialect, moneyTable, { resource: 'moneys', changes }),
    usage: sqlUsage(tx),
  };
};
