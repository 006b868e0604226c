import Database from 'better-sqlite3';
import pg from 'pg';
import { openSqlPersistence } from '../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { PostgresRunner } from '../../adapters/persistence/mikro-orm/read/postgres-runner.js';
import type { SqlRunner } from '../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { SqliteRunner } from '../../adapters/persistence/mikro-orm/read/sqlite-runner.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { QueryObserver } from '../../adapters/persistence/query-observer.js';
import type { Repositories } from '../../application/ports/unit-of-work.port.js';
import { UTC } from '../../domain/shared/time-zone.js';
import { TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import type { TaskTitle } from '../../domain/task/task-title.js';
import { committedWrites, type FRESH_SQL_DATABASES } from './persistence-harness.js';

export const AT = new Date('2026-03-01T00:00:00Z');

/** What a task written by `addTask` links to, and when it was made (AT unless told). */
export interface TaskLinks {
  readonly clientId?: number;
  readonly createdAt?: Date;
}

/**
 * A fresh database opened by the service's persistence, beside a connection of the spec's own to
 * read and set back the per-user versions the triggers keep (visible_row_versions): for the specs
 * of what those versions keep (counts, pages). Registers its `before` and `after` hooks in the
 * calling `describe`.
 */
export const withVisibleVersions = (
  open: (typeof FRESH_SQL_DATABASES)[number]['open'],
  observeQuery?: QueryObserver,
) => {
  let persistence: Persistence;
  let raw: { runner: SqlRunner; close(): Promise<void> };
  let cleanup: () => void;

  before(async () => {
    const opened = await open();
    cleanup = opened.cleanup;
    persistence = await openSqlPersistence(opened.database, { migrate: true, observeQuery });
    const { database } = opened;
    if (database.kind === 'sqlite') {
      const connection = new Database(database.path);
      raw = { runner: new SqliteRunner(connection), close: async () => void connection.close() };
    } else {
      const pool = new pg.Pool({ connectionString: database.url, max: 1 });
      raw = { runner: new PostgresRunner(pool), close: () => pool.end() };
    }
  });
  after(async () => {
    await raw.close();
    await persistence.close();
    cleanup();
  });

  const write = <A>(work: (r: Repositories) => Promise<A>): Promise<A> => committedWrites(persistence)(work);
  const versionOf = async (userId: number, table = 'tasks') => {
    const row = await raw.runner.get(
      'select version from visible_row_versions where user_id = ? and table_name = ?',
      [userId, table],
    );
    return row === undefined ? 0 : Number(row.version);
  };
  return {
    persistence: () => persistence,
    raw: () => raw.runner,
    write,
    versionOf,
    user: (name: string) =>
      write(async (r) => (await r.users.add({ name, timezone: UTC, createdAt: AT })).id),
    addTask: (ownerId: number, title: string, assigneeId: number | null = null, links: TaskLinks = {}) =>
      write(async (r) =>
        r.tasks.add({
          ...TASK_DEFAULTS,
          ownerId,
          assigneeId,
          clientId: links.clientId ?? null,
          clientTaskId: await r.taskNumbers.next(ownerId, 0),
          title: title as TaskTitle,
          status: 0,
          completedAt: null,
          createdAt: links.createdAt ?? AT,
          updatedAt: AT,
          version: 1,
        }),
      ),
    change: (task: Task, changes: Partial<Task>) => write((r) => r.tasks.update({ ...task, ...changes })),
    /** Runs `write` behind the kept counts' and pages' back: the owner's version of `table` is set back after. */
    unseen: async (ownerId: number, table: string, work: () => Promise<unknown>) => {
      const before = await versionOf(ownerId, table);
      await work();
      await raw.runner.run(
        'update visible_row_versions set version = ? where user_id = ? and table_name = ?',
        [before, ownerId, table],
      );
    },
  };
};
