import Database from 'better-sqlite3';
import pg from 'pg';
import type { AcknowledgedTask } from './write-load.js';

/** Runs one statement on the database under test (pg or better-sqlite3) and answers its rows. */
export type Query = (sql: string) => Promise<readonly Record<string, unknown>[]>;

/** Runs `check` with a query on a PostgreSQL database, connected for that time only. */
export const onPostgres = async <A>(url: string, check: (query: Query) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await check(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
};

/** Runs `check` with a query on a SQLite file, opened read-only for that time only. */
export const onSqlite = async <A>(path: string, check: (query: Query) => Promise<A>): Promise<A> => {
  const db = new Database(path, { readonly: true });
  try {
    return await check(async (sql) => db.prepare(sql).all() as Record<string, unknown>[]);
  } finally {
    db.close();
  }
};

/**
 * What must hold in the stored workspace whatever happened to the process or the database: each
 * statement counts the rows that break its rule, so every count must be 0.
 */
const INVARIANTS: Readonly<Record<string, string>> = {
  'every task has a history entry': `select count(*) as broken from tasks t
     where not exists (select 1 from task_status_history h where h.task_id = t.id)`,
  "a task's status is its latest history entry's": `select count(*) as broken from tasks t
     where t.status <> (select h.to_status from task_status_history h where h.task_id = t.id order by h.id desc limit 1)`,
  'a task completed by a status change has its award': `select count(*) as broken from tasks t
     where t.status = 2
       and (select h.from_status from task_status_history h where h.task_id = t.id order by h.id desc limit 1) is not null
       and not exists (select 1 from task_completions c where c.task_id = t.id and c.revoked_at is null)`,
  'a task is awarded at most once': `select count(*) as broken from
     (select task_id from task_completions where revoked_at is null group by task_id having count(*) > 1) twice`,
  'a task that is not done keeps no award': `select count(*) as broken from task_completions c
     join tasks t on t.id = c.task_id where c.revoked_at is null and t.status <> 2`,
  "a user's points are the sum of their awards": `select count(*) as broken from gamification_profiles p
     where p.total_points <> (select coalesce(sum(c.points), 0) from task_completions c
                              where c.user_id = p.user_id and c.revoked_at is null)`,
};

/** The invariants that do not hold, with how many rows break each (empty: all hold). */
export const brokenInvariants = async (query: Query): Promise<Record<string, number>> => {
  const broken: Record<string, number> = {};
  for (const [rule, sql] of Object.entries(INVARIANTS)) {
    const count = Number((await query(sql))[0]?.broken);
    if (count !== 0) broken[rule] = count;
  }
  return broken;
};

/**
 * Every acknowledged task that is not stored as it was acknowledged: missing, another title, or
 * not done though its completion got a 200. (A task whose completion failed may still be done: the
 * commit can succeed and its answer be lost.)
 */
export const lostAcknowledgedWrites = async (
  query: Query,
  acknowledged: Iterable<AcknowledgedTask>,
): Promise<string[]> => {
  const stored = new Map(
    (await query('select id, title, status from tasks')).map((row) => [Number(row.id), row]),
  );
  const lost: string[] = [];
  for (const task of acknowledged) {
    const row = stored.get(task.id);
    if (row === undefined) lost.push(`task ${task.id} (${task.title}) is missing`);
    else if (row.title !== task.title) lost.push(`task ${task.id} has title ${String(row.title)}`);
    else if (task.completed && Number(row.status) !== 2) lost.push(`task ${task.id} is not done`);
  }
  return lost;
};
