import type { ApiKeyRepository } from '../../../../application/ports/api-key.repository.js';
import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { RecordRepository, RecordUsage } from '../../../../application/ports/record.repository.js';
import type { ReferenceLookup } from '../../../../application/ports/reference-lookup.port.js';
import type { TaskRepository } from '../../../../application/ports/task.repository.js';
import type { TaskHistoryRepository } from '../../../../application/ports/task-history.repository.js';
import type { TaskNumberAllocator } from '../../../../application/ports/task-number-allocator.port.js';
import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import type { UserRepository } from '../../../../application/ports/user.repository.js';
import type { WebhookRepository } from '../../../../application/ports/webhook.repository.js';
import type { User } from '../../../../domain/user/user.js';
import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../../../../domain/workspace/records.js';
import { ChangeRecorder, type TaskSeers } from '../../change-recorder.js';
import type { DeliveryJobQueue } from '../../delivery-jobs.js';
import { BoundedCache } from '../bounded-cache.js';
import type { SqlRunner } from '../read/sql-runner.js';
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
import {
  historyToRecord,
  TaskHistorySchema,
  TaskSchema,
  taskFromRecord,
  taskToRecord,
} from '../schemas/task.schemas.js';
import {
  ApiKeySchema,
  apiKeyFromRecord,
  apiKeyToRecord,
  UserSchema,
  userFromRecord,
} from '../schemas/user.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { type SqlGamification, sqlGamification } from './sql-gamification.repository.js';
import { sqlRecords, sqlUsage } from './sql-record.repository.js';
import { sqlWebhooks } from './sql-webhook.repository.js';
import { insertReturning, insertRows, RowsAsRead, shapeOf, updateById } from './table-statements.js';

const TASK = shapeOf(TaskSchema);
const HISTORY = shapeOf(TaskHistorySchema);
const USER = shapeOf(UserSchema);
const API_KEY = shapeOf(ApiKeySchema);

/** A task's row by id, as the write side reads it (locked where the dialect locks rows): written once. */
const FIND_TASK = `select ${TASK.selection} from tasks where id = ?`;
const FIND_TASK_LOCKED = `${FIND_TASK} for update`;

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

/** Tasks, and who saw each one changed, for the change log. */
const taskRepository = (tx: SqlRunner, dialect: SqlDialect, changes: ChangeRecorder): TaskRepository => {
  const findTask = dialect.rowLocks ? FIND_TASK_LOCKED : FIND_TASK;
  const tasksAsRead = new RowsAsRead<ReturnType<typeof taskToRecord>>();
  return {
    findForUpdate: async (id) => {
      const row = await tx.get(findTask, [id]);
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
        for (const row of unlinked) changes.record(Number(row.owner_id), resource, Number(row.id), 'updated');
      }
      const deleted = await tx.get('delete from tasks where id = ? returning owner_id, assignee_id', [id]);
      if (deleted !== undefined) changes.recordTask(id, seersIn(deleted), null);
    },
  };
};

const taskNumbers = (tx: SqlRunner): TaskNumberAllocator => ({
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
});

const taskHistory = (tx: SqlRunner): TaskHistoryRepository => ({
  append: async (change) => {
    for (const { sql, params } of insertRows(HISTORY, [historyToRecord(change)])) await tx.run(sql, params);
  },
});

const referenceLookup = (tx: SqlRunner): ReferenceLookup => ({
  client: (ownerId, id) => exists(tx, 'select 1 from clients where id = ? and owner_id = ?', [id, ownerId]),
  project: async (ownerId, id) => {
    const row = await tx.get('select client_id as "clientId" from projects where id = ? and owner_id = ?', [
      id,
      ownerId,
    ]);
    return row ? { id, clientId: row.clientId === null ? null : Number(row.clientId) } : null;
  },
  category: (ownerId, id) =>
    exists(tx, 'select 1 from categories where id = ? and owner_id = ?', [id, ownerId]),
  task: (ownerId, id) => exists(tx, 'select 1 from tasks where id = ? and owner_id = ?', [id, ownerId]),
  card: (ownerId, id) => exists(tx, 'select 1 from cards where id = ? and owner_id = ?', [id, ownerId]),
  user: (id) => exists(tx, 'select 1 from users where id = ?', [id]),
});

const userRepository = (tx: SqlRunner, known: KnownUsers): UserRepository => {
  /** Users this transaction added. */
  const added = new Set<number>();
  return {
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
  };
};

const apiKeyRepository = (tx: SqlRunner, revokedKeys: number[]): ApiKeyRepository => ({
  add: async (key) => {
    const { sql, params } = insertReturning(API_KEY, apiKeyToRecord(key));
    return apiKeyFromRecord((await tx.get(sql, params)) ?? {});
  },
  listByUser: async (userId) =>
    (await tx.all(`select ${API_KEY.selection} from api_keys where user_id = ? order by id`, [userId])).map(
      apiKeyFromRecord,
    ),
  findById: async (id) => {
    const row = await tx.get(`select ${API_KEY.selection} from api_keys where id = ?`, [id]);
    return row ? apiKeyFromRecord(row) : null;
  },
  revoke: async (id, at) => {
    await tx.run('update api_keys set revoked_at = ? where id = ?', [at.getTime(), id]);
    revokedKeys.push(id);
  },
});

/**
 * Every repository bound to one transaction's connection: each call is the statements it needs,
 * written out (the ORM keeps the schemas and the migrations, not the hot path). Each is built on
 * first use, by getters of the class (one shape for every transaction): a write uses two to four of
 * them, and building all of them cost every transaction 11 µs (measured), every operation of a batch
 * too.
 */
class SqlTransactionRepositories implements SqlRepositories {
  readonly revokedKeys: number[] = [];
  readonly changes = new ChangeRecorder();
  readonly changeNotes = this.changes;
  #gamification: SqlGamification | undefined;
  #tasks: TaskRepository | undefined;
  #taskNumbers: TaskNumberAllocator | undefined;
  #history: TaskHistoryRepository | undefined;
  #references: ReferenceLookup | undefined;
  #users: UserRepository | undefined;
  #apiKeys: ApiKeyRepository | undefined;
  #webhooks: WebhookRepository | undefined;
  #clients: RecordRepository<ClientFields> | undefined;
  #projects: RecordRepository<ProjectFields> | undefined;
  #categories: RecordRepository<NamedFields> | undefined;
  #cards: RecordRepository<NamedFields> | undefined;
  #notes: RecordRepository<NoteFields> | undefined;
  #times: RecordRepository<TimeFields> | undefined;
  #moneys: RecordRepository<MoneyFields> | undefined;
  #usage: RecordUsage | undefined;

  constructor(
    private readonly tx: SqlRunner,
    private readonly dialect: SqlDialect,
    private readonly known: KnownUsers,
    private readonly deliveryJobs: DeliveryJobQueue | undefined,
  ) {}

  /** Only gamification keeps writes back, and only once used. */
  writeKeptBack(): Promise<void> {
    return this.#gamification === undefined ? Promise.resolve() : this.#gamification.flush();
  }

  get gamification(): SqlGamification {
    this.#gamification ??= sqlGamification(this.tx, this.dialect);
    return this.#gamification;
  }
  get tasks(): TaskRepository {
    this.#tasks ??= taskRepository(this.tx, this.dialect, this.changes);
    return this.#tasks;
  }
  get taskNumbers(): TaskNumberAllocator {
    this.#taskNumbers ??= taskNumbers(this.tx);
    return this.#taskNumbers;
  }
  get history(): TaskHistoryRepository {
    this.#history ??= taskHistory(this.tx);
    return this.#history;
  }
  get references(): ReferenceLookup {
    this.#references ??= referenceLookup(this.tx);
    return this.#references;
  }
  get users(): UserRepository {
    this.#users ??= userRepository(this.tx, this.known);
    return this.#users;
  }
  get apiKeys(): ApiKeyRepository {
    this.#apiKeys ??= apiKeyRepository(this.tx, this.revokedKeys);
    return this.#apiKeys;
  }

  get webhooks(): WebhookRepository {
    this.#webhooks ??= sqlWebhooks(this.tx, this.dialect, this.deliveryJobs);
    return this.#webhooks;
  }
  get clients(): RecordRepository<ClientFields> {
    this.#clients ??= this.records(clientTable, 'clients');
    return this.#clients;
  }
  get projects(): RecordRepository<ProjectFields> {
    this.#projects ??= this.records(projectTable, 'projects');
    return this.#projects;
  }
  get categories(): RecordRepository<NamedFields> {
    this.#categories ??= this.records(categoryTable, 'categories');
    return this.#categories;
  }
  get cards(): RecordRepository<NamedFields> {
    this.#cards ??= this.records(cardTable, 'cards');
    return this.#cards;
  }
  get notes(): RecordRepository<NoteFields> {
    this.#notes ??= this.records(noteTable, 'notes');
    return this.#notes;
  }
  get times(): RecordRepository<TimeFields> {
    this.#times ??= this.records(timeTable, 'times');
    return this.#times;
  }
  get moneys(): RecordRepository<MoneyFields> {
    this.#moneys ??= this.records(moneyTable, 'moneys');
    return this.#moneys;
  }
  get usage(): RecordUsage {
    this.#usage ??= sqlUsage(this.tx);
    return this.#usage;
  }

  private records<F, R>(table: RecordTable<F, R>, resource: ChangeResource): RecordRepository<F> {
    return sqlRecords(this.tx, this.dialect, table, { resource, changes: this.changes });
  }
}

export const sqlRepositories = (
  tx: SqlRunner,
  dialect: SqlDialect,
  known = new KnownUsers(),
  deliveryJobs?: DeliveryJobQueue,
): SqlRepositories => new SqlTransactionRepositories(tx, dialect, known, deliveryJobs);
