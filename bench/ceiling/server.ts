/**
 * The two references the service is measured against, each its own process, sharing no code with
 * the service (nothing here imports from the project outside `bench/ceiling/`):
 *   --mode static --bodies <file>   fastify answering each request with the service's own answer for
 *                                   its scenario (header `x-bench-scenario`): HTTP and JSON only.
 *   --mode sql --url <database URL> fastify and the bare driver running the SQL a careful engineer
 *                                   would write by hand for the same answers on the same schema and
 *                                   indexes: the key's digest lookup, the list's change sequence
 *                                   (its ETag), the page with its total in one statement, keyset
 *                                   cursors; writes in one transaction with the change log, a
 *                                   status change with the caller's points and the gamification
 *                                   feedback the service answers (gamification.ts).
 * Prints `listening <port>` when ready.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { calendarOf } from './calendar.js';
import { type Db, openDb, type Row } from './driver.js';
import {
  dayBefore,
  earned,
  feedback,
  type GamificationEvent,
  LEDGER_DAYS,
  localDay,
  pointsFor,
  streakOf,
} from './gamification.js';
import { tasksAnswer, tasksByStatus, timesAnswer, timesByClientAndMonth } from './reports.js';
import { searchPhrase } from './search-words.js';
import { CLIENT_COLUMNS, TASK_COLUMNS, wireClient, wireOne, wirePage, wireTask } from './wire.js';

const { values: options } = parseArgs({
  options: {
    mode: { type: 'string' },
    url: { type: 'string' },
    bodies: { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});

const app = Fastify({ logger: false });

/** Filtered lists count their matches up to this far past the page, as the contract's cap allows. */
const HORIZON = 1000;
const T = TASK_COLUMNS.map((column) => `t.${column}`).join(', ');
const C = CLIENT_COLUMNS.map((column) => `r.${column}`).join(', ');

type Query = Record<string, string | undefined>;
/** The table of each record type clients can be ordered by the latest of. */
const RECORD_TABLES: Record<string, string> = {
  task: 'tasks',
  note: 'notes',
  time: 'time_records',
  money: 'money_records',
};
const int = (value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));

/** The ceiling's cursor: the last id, as base64url. Keyset by id. */
const cursorOf = (id: unknown) => Buffer.from(String(id)).toString('base64url');
const idOfCursor = (cursor: string) => Number(Buffer.from(cursor, 'base64url').toString());

const etagOf = (seq: unknown, url: string) => {
  let hash = 2166136261;
  for (let i = 0; i < url.length; i++) hash = Math.imul(hash ^ url.charCodeAt(i), 16777619);
  return `"l.${Number(seq ?? 0)}-${(hash >>> 0).toString(36)}"`;
};

const routes = (db: Db) => {
  const pg = db.dialect === 'postgresql';
  const byIds = (column: string, ids: string) =>
    pg ? `${column} = any(array(${ids}))` : `${column} in (${ids})`;

  const userOf = async (request: FastifyRequest): Promise<number | null> => {
    const header = request.headers['x-api-key'];
    if (typeof header !== 'string') return null;
    const digest = createHash('sha256').update(header).digest('hex');
    const [key] = await db.all('select user_id, expires_at, revoked_at from api_keys where digest = ?', [
      digest,
    ]);
    if (key === undefined || key.revoked_at !== null) return null;
    if (key.expires_at !== null && Number(key.expires_at) <= Date.now()) return null;
    return Number(key.user_id);
  };
  const keyed =
    (handle: (user: number, request: FastifyRequest, reply: FastifyReply) => Promise<string>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await userOf(request);
      if (user === null) return reply.code(401).send({ success: false });
      reply.header('content-type', 'application/json; charset=utf-8');
      return handle(user, request, reply);
    };
  // PostgreSQL keeps each user's latest seq in a row its writers lock; SQLite's one writer numbers
  // from the log's last entry.
  const latestSeq = async (user: number) =>
    (
      await db.all(
        pg
          ? 'select last_seq from change_sequences where user_id = ?'
          : 'select coalesce(max(seq), 0) as last_seq from change_log where user_id = ?',
        [user],
      )
    )[0]?.last_seq;

  /**
   * Rows and their total in one statement (the total a scalar subquery beside each row); a page with
   * no rows counts alone. One row past the page is read to tell whether another follows.
   */
  const page = async (
    select: (columns: string) => { sql: string; params: unknown[] },
    count: { sql: string; params: unknown[]; cap: number },
    limit: number,
  ) => {
    const { sql, params } = select(`(${count.sql}) as page_total`);
    const rows = await db.all(sql, [...count.params, ...params]);
    const counted = rows[0]?.page_total ?? (await db.all(count.sql, count.params))[0]?.page_total ?? 0;
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    return {
      rows: shown,
      total: Math.min(Number(counted), count.cap),
      next: more ? shown.at(-1)?.id : undefined,
    };
  };

  const listTasks = async (user: number, q: Query) => {
    const limit = int(q.limit, 50);
    const after = q.cursor === undefined ? undefined : idOfCursor(q.cursor);
    const offset = after === undefined ? int(q.offset, 0) : 0;
    const cap = offset + limit + HORIZON;
    const filters: string[] = [];
    const values: unknown[] = [];
    const filter = (sql: string, ...params: unknown[]) =>
      filters.push(` and ${sql}`) && values.push(...params);
    if (q.status !== undefined) filter('t.status = ?', Number(q.status));
    if (q.priority !== undefined) filter('t.priority = ?', Number(q.priority));
    if (q.project_id !== undefined) filter('t.project_id = ?', Number(q.project_id));
    if (q.date_from !== undefined) filter('t.date >= ?', `${q.date_from} 00:00:00`);
    if (q.date_to !== undefined) filter('t.date <= ?', `${q.date_to} 23:59:59`);
    const seek = after === undefined ? '' : ' and t.id > ?';
    const seekValue = after === undefined ? [] : [after];
    const tail = 'order by t.id limit ? offset ?';

    if (q.search !== undefined && !pg) {
      // SQLite: the per-user FTS index answers the search and its count.
      const phrase = searchPhrase(user, q.search);
      const seekIndexed = after === undefined ? '' : ' and s.rowid > ?';
      return page(
        (total) => ({
          sql:
            `select ${T}, ${total} from task_search s join tasks t on t.id = s.rowid where s.task_search match ? ` +
            `and (t.owner_id = ? or t.assignee_id = ?)${filters.join('')}${seekIndexed} order by s.rowid limit ? offset ?`,
          params: [phrase, user, user, ...values, ...seekValue, limit + 1, offset],
        }),
        {
          sql: 'select count(*) as page_total from (select 1 from task_search s where s.task_search match ? limit ?) m',
          params: [phrase, cap],
          cap,
        },
        limit,
      );
    }
    if (q.search !== undefined) {
      const pattern = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      filter(
        "(lower(t.title) like ? escape '\\' or lower(t.description) like ? escape '\\')",
        pattern,
        pattern,
      );
    }
    const where = filters.join('');
    if (q.project_id !== undefined) {
      // A project's tasks are few: its index finds them, whoever sees them.
      const from = `from tasks t where (t.owner_id = ? or t.assignee_id = ?)${where}`;
      return page(
        (total) => ({
          sql: `select ${T}, ${total} ${from}${seek} ${tail}`,
          params: [user, user, ...values, ...seekValue, limit + 1, offset],
        }),
        {
          sql: `select count(*) as page_total from (select 1 ${from} limit ?) m`,
          params: [user, user, ...values, cap],
          cap,
        },
        limit,
      );
    }
    // Owned, and assigned by others: each along its own index in id order, merged by id.
    const owned = `from tasks t where t.owner_id = ?${where}`;
    const assigned = `from tasks t where t.assignee_id = ? and t.owner_id <> ?${where}`;
    // SQLite merges bare arms in order; PostgreSQL merges subqueries that each stop at the page.
    const picks = offset + limit + 1;
    const ids = pg
      ? `select id from (select t.id ${owned}${seek} order by t.id limit ?) a union all ` +
        `select id from (select t.id ${assigned}${seek} order by t.id limit ?) b order by id limit ? offset ?`
      : `select t.id ${owned}${seek} union all select t.id ${assigned}${seek} order by id limit ? offset ?`;
    const runParams = (...params: unknown[]) => (pg ? [...params, picks] : params);
    const idParams = [
      ...runParams(user, ...values, ...seekValue),
      ...runParams(user, user, ...values, ...seekValue),
      limit + 1,
      offset,
    ];
    const count =
      where === ''
        ? {
            sql:
              "select (select coalesce(max(row_count), 0) from owner_row_counts where owner_id = ? and table_name = 'tasks') + " +
              '(select count(*) from tasks t where t.assignee_id = ? and t.owner_id <> ?) as page_total',
            params: [user, user, user],
            cap: Number.POSITIVE_INFINITY,
          }
        : {
            sql:
              `select (select count(*) from (select 1 ${owned} limit ?) a) + ` +
              `(select count(*) from (select 1 ${assigned} limit ?) b) as page_total`,
            params: [user, ...values, cap, user, user, ...values, cap],
            cap,
          };
    return page(
      (total) => ({
        sql: `select ${T}, ${total} from tasks t where ${byIds('t.id', ids)} order by t.id`,
        params: idParams,
      }),
      count,
      limit,
    );
  };

  app.get(
    '/v1/tasks',
    keyed(async (user, request, reply) => {
      const q = request.query as Query;
      const seq = await latestSeq(user);
      const { rows, total, next } = await listTasks(user, q);
      reply.header('etag', etagOf(seq, request.url));
      return wirePage('tasks', rows.map(wireTask), {
        limit: int(q.limit, 50),
        offset: q.cursor === undefined ? int(q.offset, 0) : null,
        total,
        nextCursor: next === undefined ? null : cursorOf(next),
      });
    }),
  );

  app.get('/v1/calendar/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const calendar = await calendarOf(db, file.replace(/\.ics$/, ''), latestSeq);
    if (calendar === null) return reply.code(404).send('{"success":false}');
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('etag', calendar.etag)
      .send(calendar.body);
  });

  for (const [path, statement, answer] of [
    ['/v1/reports/times', timesByClientAndMonth, timesAnswer],
    ['/v1/reports/tasks', tasksByStatus, tasksAnswer],
  ] as const)
    app.get(
      path,
      keyed(async (user, request, reply) => {
        const seq = await latestSeq(user);
        const { sql, values } = statement(user, request.query as Query);
        const rows = await db.all(sql, values);
        reply.header('etag', etagOf(seq, request.url));
        return answer(rows);
      }),
    );

  app.get(
    '/v1/tasks/:id',
    keyed(async (user, request, reply) => {
      const id = Number((request.params as { id: string }).id);
      const [row] = await db.all(
        `select ${T} from tasks t where t.id = ? and (t.owner_id = ? or t.assignee_id = ?)`,
        [id, user, user],
      );
      if (row === undefined) return reply.code(404).send('{"success":false}');
      reply.header('etag', `"${row.id}.${row.version}"`);
      return wireOne('task', wireTask(row));
    }),
  );

  app.get(
    '/v1/clients',
    keyed(async (user, request, reply) => {
      const q = request.query as Query;
      const limit = int(q.limit, 50);
      const offset = int(q.offset, 0);
      const cap = offset + limit + HORIZON;
      const seq = await latestSeq(user);
      // Each client's latest record of the type: one backward step along its (client_id, created_at,
      // id) index per client; PostgreSQL joins it laterally, SQLite by the id it finds.
      const table = RECORD_TABLES[String(q.type)] ?? 'tasks';
      const newest = (columns: string) =>
        `select ${columns} from ${table} x where x.client_id = r.id order by x.created_at desc, x.id desc limit 1`;
      const latest = pg
        ? `left join lateral (${newest('x.id, x.created_at')}) l on true`
        : `left join ${table} l on l.id = (${newest('x.id')})`;
      const { rows, total, next } = await page(
        (total) => ({
          sql:
            `select ${C}, ${total} from clients r ${latest} where r.owner_id = ? and r.active = true ` +
            'order by l.created_at desc nulls last, l.id desc nulls last, r.id asc limit ? offset ?',
          params: [user, limit + 1, offset],
        }),
        {
          sql: 'select count(*) as page_total from (select 1 from clients r where r.owner_id = ? and r.active = true limit ?) m',
          params: [user, cap],
          cap,
        },
        limit,
      );
      reply.header('etag', etagOf(seq, request.url));
      return wirePage('clients', rows.map(wireClient), {
        limit,
        offset,
        total,
        nextCursor: next === undefined ? null : cursorOf(next),
      });
    }),
  );

  /** One entry in the user's change log, its seq raised in the same transaction. */
  const logChange = async (
    tx: Pick<Db, 'all'>,
    user: number,
    id: unknown,
    operation: string,
    now: number,
  ) => {
    if (!pg) {
      await tx.all(
        'insert into change_log (user_id, seq, resource, record_id, operation, changed_at) ' +
          "select ?, coalesce(max(seq), 0) + 1, 'tasks', ?, ?, ? from change_log where user_id = ?",
        [user, id, operation, now, user],
      );
      return;
    }
    const [seq] = await tx.all(
      'insert into change_sequences (user_id, last_seq) values (?, 1) on conflict (user_id) do update ' +
        'set last_seq = change_sequences.last_seq + 1 returning last_seq',
      [user],
    );
    await tx.all(
      'insert into change_log (user_id, seq, resource, record_id, operation, changed_at) values (?, ?, ?, ?, ?, ?)',
      [user, seq?.last_seq, 'tasks', id, operation, now],
    );
  };

  app.post(
    '/v1/tasks',
    keyed(async (user, request, reply) => {
      const body = request.body as { title: string; client_id?: number };
      const clientId = body.client_id ?? null;
      const now = Date.now();
      const row = await db.transaction(async (tx) => {
        if (clientId !== null) {
          const [client] = await tx.all('select id from clients where id = ? and owner_id = ?', [
            clientId,
            user,
          ]);
          if (client === undefined) throw new Error('not your client');
        }
        const [number] = await tx.all(
          'insert into task_numbers (owner_id, scope, last_value) values (?, ?, 1) on conflict (owner_id, scope) ' +
            'do update set last_value = task_numbers.last_value + 1 returning last_value',
          [user, clientId ?? 0],
        );
        const [created] = await tx.all(
          'insert into tasks (owner_id, client_task_id, number_scope, title, priority, status, active, client_id, ' +
            `created_at, updated_at, version) values (?, ?, ?, ?, 1, 0, true, ?, ?, ?, 1) returning ${TASK_COLUMNS.join(', ')}`,
          [user, number?.last_value, clientId ?? 0, body.title, clientId, now, now],
        );
        await tx.all(
          'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) values (?, null, 0, ?, ?)',
          [created?.id, user, now],
        );
        await logChange(tx, user, created?.id, 'created', now);
        return created as Row;
      });
      reply.code(201);
      return wireOne('task', wireTask(row));
    }),
  );

  /**
   * The caller's gamification state before a change: the profile (made on first use), its
   * achievements and the standing completions per day since `since`. PostgreSQL: one round trip.
   */
  const readState = async (tx: Pick<Db, 'all'>, user: number, since: string) => {
    const upsert =
      'insert into gamification_profiles (user_id, total_points, best_streak_days, standing_completions) ' +
      'values (?, 0, 0, 0) on conflict (user_id) do update set user_id = excluded.user_id ' +
      'returning total_points, best_streak_days, standing_completions';
    const achievements = 'select code from user_achievements where user_id = ?';
    const days = 'select day, standing from completion_days where user_id = ? and day >= ? and standing > 0';
    let profile: Row | undefined;
    let codes: Row[];
    let dayRows: Row[];
    if (pg) {
      const rows = await tx.all(
        `with p as (${upsert}) select 0 as kind, total_points as a, best_streak_days as b, standing_completions as c, null as code from p ` +
          `union all select 1, null, null, null, code from user_achievements where user_id = ? ` +
          'union all select 2, standing, null, null, day from completion_days where user_id = ? and day >= ? and standing > 0',
        [user, user, user, since],
      );
      const row = rows.find((r) => r.kind === 0);
      profile = row && { total_points: row.a, best_streak_days: row.b, standing_completions: row.c };
      codes = rows.filter((r) => r.kind === 1);
      dayRows = rows.filter((r) => r.kind === 2).map((r) => ({ day: r.code, standing: r.a }));
    } else {
      [profile] = await tx.all(upsert, [user]);
      codes = await tx.all(achievements, [user]);
      dayRows = await tx.all(days, [user, since]);
    }
    return {
      profile: {
        total: Number(profile?.total_points),
        best: Number(profile?.best_streak_days),
        standing: Number(profile?.standing_completions),
      },
      have: new Set(codes.map((row) => String(row.code))),
      days: new Map(dayRows.map((row) => [String(row.day), Number(row.standing)])),
    };
  };

  /** Stores what a status change does to the caller's points, and answers its feedback. */
  const gamify = async (
    tx: Pick<Db, 'all'>,
    user: number,
    task: { id: number; from: number; to: number; priority: number; date: string | null; label: string },
    zone: string,
    now: number,
  ) => {
    const today = localDay(zone, now);
    const { profile, have, days } = await readState(tx, user, dayBefore(today, LEDGER_DAYS));
    const before = profile.total;
    const standOn = (day: string, change: number) =>
      tx.all(
        'insert into completion_days (user_id, day, standing) values (?, ?, ?) on conflict (user_id, day) ' +
          'do update set standing = completion_days.standing + excluded.standing',
        [user, day, change],
      );
    const saveProfile = () =>
      tx.all(
        'update gamification_profiles set total_points = ?, best_streak_days = ?, standing_completions = ? where user_id = ?',
        [profile.total, profile.best, profile.standing, user],
      );
    let event: GamificationEvent = task.from === task.to ? 'no_change' : 'status_changed';
    let points = 0;
    let unlocked: ReturnType<typeof earned> = [];
    if (task.to === 2 && task.from !== 2) {
      event = 'task_completed';
      days.set(today, (days.get(today) ?? 0) + 1);
      const streak = streakOf(days, today);
      points = pointsFor(task.priority, task.date?.slice(0, 10) ?? null, today, streak);
      profile.total += points;
      profile.standing += 1;
      profile.best = Math.max(profile.best, streak);
      unlocked = earned(have, profile.standing, streak);
      await tx.all(
        'insert into task_completions (user_id, task_id, day, points, completed_at, revoked_at) values (?, ?, ?, ?, ?, null)',
        [user, task.id, today, points, now],
      );
      await standOn(today, 1);
      await saveProfile();
      for (const achievement of unlocked)
        await tx.all(
          'insert into user_achievements (user_id, code, unlocked_at) values (?, ?, ?) on conflict (user_id, code) do nothing',
          [user, achievement.code, now],
        );
    } else if (task.from === 2 && task.to !== 2) {
      event = 'task_reopened';
      // The bench's completions are the caller's own: what they earned comes off their profile.
      const [revoked] = await tx.all(
        'update task_completions set revoked_at = ? where task_id = ? and revoked_at is null returning day, points',
        [now, task.id],
      );
      if (revoked !== undefined) {
        const day = String(revoked.day);
        points = -Number(revoked.points);
        profile.total += points;
        profile.standing = Math.max(0, profile.standing - 1);
        const left = (days.get(day) ?? 0) - 1;
        if (left > 0) days.set(day, left);
        else days.delete(day);
        await standOn(day, -1);
        await saveProfile();
      }
    }
    return feedback({
      event,
      points,
      before,
      after: profile,
      streak: streakOf(days, today),
      today: days.get(today) ?? 0,
      unlocked,
      label: task.label,
    });
  };

  /** A status change with its history and the caller's points, or a rename. */
  app.patch(
    '/v1/tasks/:id',
    keyed(async (user, request) => {
      const id = Number((request.params as { id: string }).id);
      const body = request.body as { status?: number; title?: string };
      const now = Date.now();
      const lock = pg ? ' for update of t' : '';
      const answer = await db.transaction(async (tx) => {
        const [current] = await tx.all(
          'select t.status, t.priority, t.date, t.client_task_id, u.timezone from tasks t join users u on u.id = ? ' +
            `where t.id = ? and (t.owner_id = ? or t.assignee_id = ?)${lock}`,
          [user, id, user, user],
        );
        if (current === undefined) throw new Error('no such task');
        if (body.status === undefined) {
          const [renamed] = await tx.all(
            `update tasks set title = ?, updated_at = ?, version = version + 1 where id = ? returning ${TASK_COLUMNS.join(', ')}`,
            [body.title, now, id],
          );
          await logChange(tx, user, id, 'updated', now);
          return { success: true, data: { task: wireTask(renamed as Row) } };
        }
        const to = body.status;
        const from = Number(current.status);
        const [updated] = await tx.all(
          `update tasks set status = ?, completed_at = ?, updated_at = ?, version = version + 1 where id = ? returning ${TASK_COLUMNS.join(', ')}`,
          [to, to === 2 ? now : null, now, id],
        );
        if (from !== to)
          await tx.all(
            'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) values (?, ?, ?, ?, ?)',
            [id, from, to, user, now],
          );
        const gamification = await gamify(
          tx,
          user,
          {
            id,
            from,
            to,
            priority: Number(current.priority),
            date: current.date === null ? null : String(current.date),
            label: `#${current.client_task_id}`,
          },
          String(current.timezone),
          now,
        );
        await logChange(tx, user, id, 'updated', now);
        return { success: true, data: { task: wireTask(updated as Row) }, gamification };
      });
      return JSON.stringify(answer);
    }),
  );
};

if (options.mode === 'static') {
  const bodies = JSON.parse(readFileSync(options.bodies as string, 'utf8')) as Record<string, string>;
  app.all('/*', async (request, reply) => {
    const body = bodies[String(request.headers['x-bench-scenario'])];
    return reply.header('content-type', 'application/json; charset=utf-8').send(body ?? '{}');
  });
} else {
  const db = openDb(options.url as string);
  routes(db);
  app.addHook('onClose', () => db.close());
}

const address = await app.listen({ port: Number(options.port), host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
