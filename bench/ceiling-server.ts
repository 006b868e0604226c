/**
 * The two ceilings the service is measured against, each its own process:
 *   --mode static --bodies <file>  fastify answering every request with the service's own body for
 *                                  that scenario (header `x-bench-scenario`): HTTP and JSON only.
 *   --mode sql --url <DATABASE_URL> fastify plus the bare driver running the service's statements
 *                                  by hand: the key's digest lookup, the query, the envelope. No
 *                                  ORM, container, codecs or use cases. Reads answer the service's
 *                                  bytes (`ceiling-wire.ts`); writes answer the rows as stored.
 * Prints `listening <port>` when ready.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  /** A bound row count, as the service binds it. */
  COUNT_PARAMETER as COUNT,
  COUNT_HORIZON,
  countLimit,
} from '../adapters/persistence/mikro-orm/read/paged-select.js';
import type { Planning, Row } from '../adapters/persistence/mikro-orm/read/sql-runner.js';
import { POSTGRESQL, SQLITE } from '../adapters/persistence/mikro-orm/sql-dialect.js';
import { wireClient, wirePage, wireTask, wireTime } from './ceiling-wire.js';
import { openSqlClient, type SqlClient } from './sql-client.js';

const { values: options } = parseArgs({
  options: {
    mode: { type: 'string' },
    url: { type: 'string' },
    bodies: { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});

const app = Fastify({ logger: false });

const TASK_COLUMNS =
  'id, owner_id, client_task_id, title, description, date, priority, status, active, project_id, ' +
  'client_id, category_id, assignee_id, time_planned, price_planned_cents, completed_at, created_at, ' +
  'updated_at, version';
const task = (columns: string) =>
  TASK_COLUMNS.split(', ')
    .map((column) => `${columns}.${column}`)
    .join(', ');

const envelope = (data: object) => JSON.stringify({ success: true, data });

/** A total's statement, and the most it may answer (a capped count's bound). */
interface Count {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly cap: number;
}

const handSql = (db: SqlClient) => {
  /** Rows by the ids a subquery selects, as the service's dialect spells it (PostgreSQL: by primary key). */
  const { idIn } = db.dialect === 'postgresql' ? POSTGRESQL : SQLITE;
  const userOf = async (request: FastifyRequest): Promise<number | null> => {
    const header = request.headers['x-api-key'];
    if (typeof header !== 'string') return null;
    const digest = createHash('sha256').update(header, 'utf8').digest('hex');
    const [key] = await db.all(
      'select id, user_id, scopes, expires_at, revoked_at from api_keys where digest = ?',
      [digest],
    );
    if (key === undefined || key.revoked_at !== null) return null;
    if (key.expires_at !== null && Number(key.expires_at) <= Date.now()) return null;
    return Number(key.user_id);
  };
  /**
   * What the service's search condition is on PostgreSQL: a test on each row the list walks
   * (lower() like).
   */
  const search = (term: string): { sql: string; params: unknown[] } => {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const test = (column: string) => `lower(t.${column}) like ? escape '\\'`;
    return { sql: `(${test('title')} or ${test('description')})`, params: [pattern, pattern] };
  };
  /** Filtered lists count their matches up to 1000 past the page, as the service does. */
  const cappedCount = (from: string, params: unknown[], limit: number, offset: number): Count => {
    const cap = countLimit({ limit, offset }, COUNT_HORIZON);
    return {
      sql: `select count(*) as total from (select 1 ${from} limit ${COUNT}) matches`,
      params: [...params, cap],
      cap,
    };
  };
  /** The page with its total beside each row, in one statement, as the service reads it. */
  const pageWithTotal = async (
    columns: string,
    rest: string,
    params: unknown[],
    count: Count,
    planning: Planning = 'once',
  ): Promise<{ rows: readonly Row[]; total: number }> => {
    const rows = await db.all(
      `select ${columns}, (${count.sql}) as page_total ${rest}`,
      [...count.params, ...params],
      planning,
    );
    const first = rows[0];
    const counted =
      first === undefined ? (await db.all(count.sql, count.params, planning))[0]?.total : first.page_total;
    return { rows, total: Math.min(Number(counted ?? 0), count.cap) };
  };
  /**
   * A search on SQLite, as the service answers it there: from the per-user index, the page in its
   * rowid order and the count on the index alone (the bench's search has no other filter).
   */
  const indexedSearch = (user: number, query: Record<string, string>, limit: number, offset: number) => {
    const index = SQLITE.searchIndex('tasks', 't', user, query.search as string);
    if (
      index === undefined ||
      Object.keys(query).some((name) => !['search', 'limit', 'offset'].includes(name))
    )
      throw new Error('the ceiling searches the index for a term of three characters, without other filters');
    const { join, condition, countFrom, idColumn } = index;
    const cap = countLimit({ limit, offset }, COUNT_HORIZON);
    return pageWithTotal(
      task('t'),
      `from tasks t ${join} where ${condition.sql} and (t.owner_id = ? or t.assignee_id = ?) order by ${idColumn} asc limit ${COUNT} offset ${COUNT}`,
      [...condition.params, user, user, limit, offset],
      {
        sql: `select count(*) as total from (select 1 ${countFrom.sql} limit ${COUNT}) matches`,
        params: [...countFrom.params, cap],
        cap,
      },
    );
  };
  /** The owner's kept row count of a table. */
  const ownedCount =
    'select coalesce(max(row_count), 0) as total from owner_row_counts where owner_id = ? and table_name = ?';
  const authenticated =
    (handle: (user: number, request: FastifyRequest, reply: FastifyReply) => Promise<string>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await userOf(request);
      if (user === null) return reply.code(401).send({ success: false });
      reply.header('content-type', 'application/json; charset=utf-8');
      return handle(user, request, reply);
    };
  const page = (query: Record<string, string>) => ({
    limit: Number(query.limit ?? 50),
    offset: Number(query.offset ?? 0),
  });

  app.get(
    '/v1/tasks/:id',
    authenticated(async (user, request) => {
      const { id } = request.params as { id: string };
      const [row] = await db.all(
        `select ${task('t')} from tasks t where t.id = ? and (t.owner_id = ? or t.assignee_id = ?)`,
        [Number(id), user, user],
      );
      return envelope({ task: row === undefined ? null : wireTask(row) });
    }),
  );

  app.get(
    '/v1/tasks',
    authenticated(async (user, request) => {
      const query = request.query as Record<string, string>;
      const { limit, offset } = page(query);
      if (db.dialect === 'sqlite' && query.search !== undefined) {
        const { rows, total } = await indexedSearch(user, query, limit, offset);
        return wirePage('tasks', rows.map(wireTask), total, limit, offset);
      }
      const conditions: string[] = [];
      const params: unknown[] = [];
      if (query.status !== undefined) conditions.push('t.status = ?') && params.push(Number(query.status));
      if (query.project_id !== undefined)
        conditions.push('t.project_id = ?') && params.push(Number(query.project_id));
      if (query.date_from !== undefined)
        conditions.push('t.date >= ?') && params.push(`${query.date_from} 00:00:00`);
      if (query.date_to !== undefined)
        conditions.push('t.date <= ?') && params.push(`${query.date_to} 23:59:59`);
      if (query.search !== undefined) {
        const condition = search(query.search);
        conditions.push(condition.sql) && params.push(...condition.params);
      }
      if (conditions.length === 0) {
        // Owned and assigned-by-others, each along its index, merged; the total from the kept count.
        const runs =
          `select id from (select t.id from tasks t where t.owner_id = ? order by t.id asc limit ${COUNT}) a union all ` +
          `select id from (select t.id from tasks t where t.assignee_id = ? and t.owner_id <> ? order by t.id asc limit ${COUNT}) b`;
        const { rows, total } = await pageWithTotal(
          task('t'),
          `from tasks t where ${idIn('t.id', runs)} order by t.id asc limit ${COUNT} offset ${COUNT}`,
          [user, offset + limit, user, user, offset + limit, limit, offset],
          {
            sql: `select (${ownedCount}) + (select count(*) from tasks t where t.assignee_id = ? and t.owner_id <> ?) as total`,
            params: [user, 'tasks', user, user],
            cap: Number.POSITIVE_INFINITY,
          },
        );
        return wirePage('tasks', rows.map(wireTask), total, limit, offset);
      }
      const filters = conditions.map((condition) => ` and ${condition}`).join('');
      const from = `from tasks t where (t.owner_id = ? or t.assignee_id = ?)${filters}`;
      const all = [user, user, ...params];
      // Without a project, the page is read as the two visible runs, each testing its rows along its
      // index (as the service reads a search or a status, priority or date filter).
      const visibleRuns =
        `select id from (select t.id from tasks t where t.owner_id = ?${filters} order by t.id asc limit ${COUNT}) a union all ` +
        `select id from (select t.id from tasks t where t.assignee_id = ? and t.owner_id <> ?${filters} order by t.id asc limit ${COUNT}) b`;
      const cap = countLimit({ limit, offset }, COUNT_HORIZON);
      // The two runs counted apart, each stopping at the cap, then added.
      const run = (set: string) =>
        `(select count(*) from (select 1 from tasks t where ${set}${filters} order by t.id limit ${COUNT}) r)`;
      const { rows, total } =
        query.project_id !== undefined
          ? await pageWithTotal(
              task('t'),
              `${from} order by t.id asc limit ${COUNT} offset ${COUNT}`,
              [...all, limit, offset],
              cappedCount(from, all, limit, offset),
              'per-values',
            )
          : await pageWithTotal(
              task('t'),
              `from tasks t where ${idIn('t.id', visibleRuns)} order by t.id asc limit ${COUNT} offset ${COUNT}`,
              [user, ...params, offset + limit, user, user, ...params, offset + limit, limit, offset],
              {
                sql: `select ${run('t.owner_id = ?')} + ${run('t.assignee_id = ? and t.owner_id <> ?')} as total`,
                params: [user, ...params, cap, user, user, ...params, cap],
                cap,
              },
              'per-values',
            );
      return wirePage('tasks', rows.map(wireTask), total, limit, offset);
    }),
  );

  app.get(
    '/v1/clients',
    authenticated(async (user, request) => {
      const { limit, offset } = page(request.query as Record<string, string>);
      // Each client's latest task as the service reads it: kept on write (client_latest_records).
      const from = 'from clients r where r.owner_id = ? and r.active = true';
      const joined =
        "from clients r left join client_latest_records l on l.client_id = r.id and l.record_type = 'task' " +
        'where r.owner_id = ? and r.active = true';
      const { rows, total } = await pageWithTotal(
        'r.id, r.owner_id, r.name, r.email, r.phone, r.description, r.active, r.created_at, r.updated_at, ' +
          'l.created_at as latest_at, l.record_id as latest_id',
        `${joined} order by latest_at desc nulls last, latest_id desc nulls last, r.id asc limit ${COUNT} offset ${COUNT}`,
        [user, limit, offset],
        cappedCount(from, [user], limit, offset),
      );
      return wirePage('clients', rows.map(wireClient), total, limit, offset);
    }),
  );

  app.get(
    '/v1/times',
    authenticated(async (user, request) => {
      const { limit, offset } = page(request.query as Record<string, string>);
      // Newest first along (owner, date, id), the total kept: one backward walk on SQLite, two runs
      // (dated, then undated) on PostgreSQL, where the walk would give the undated first.
      const order = `order by r.date desc nulls last, r.id desc limit ${COUNT} offset ${COUNT}`;
      const runs = () =>
        'select id from (select r.id from time_records r where r.owner_id = ? and r.date is not null ' +
        `order by r.date desc, r.id desc limit ${COUNT}) a union all ` +
        `select id from (select r.id from time_records r where r.owner_id = ? and r.date is null order by r.id desc limit ${COUNT}) b`;
      const [from, params] =
        db.dialect === 'sqlite'
          ? [`from time_records r where r.owner_id = ? ${order}`, [user, limit, offset]]
          : [
              `from time_records r where ${idIn('r.id', runs())} ${order}`,
              [user, offset + limit, user, offset + limit, limit, offset],
            ];
      const { rows, total } = await pageWithTotal(
        'r.id, r.owner_id, r.time_really, r.description, r.date, r.client_id, r.project_id, r.task_id, ' +
          'r.category_id, r.created_at, r.updated_at',
        from,
        params,
        { sql: ownedCount, params: [user, 'time_records'], cap: Number.POSITIVE_INFINITY },
      );
      return wirePage('times', rows.map(wireTime), total, limit, offset);
    }),
  );

  app.post(
    '/v1/tasks',
    authenticated(async (user, request, reply) => {
      const body = request.body as { title: string; client_id?: number };
      const clientId = body.client_id ?? null;
      const now = Date.now();
      const row = await db.transaction(async (tx) => {
        const [number] = await tx.all(
          'insert into task_numbers (owner_id, scope, last_value) values (?, ?, 1) ' +
            'on conflict (owner_id, scope) do update set last_value = task_numbers.last_value + 1 returning last_value',
          [user, clientId ?? 0],
        );
        const [created] = await tx.all(
          'insert into tasks (owner_id, client_task_id, number_scope, title, priority, status, active, client_id, ' +
            `created_at, updated_at, version) values (?, ?, ?, ?, 1, 0, true, ?, ?, ?, 1) returning ${TASK_COLUMNS}`,
          [user, number?.last_value, clientId ?? 0, body.title, clientId, now, now],
        );
        await tx.all(
          'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) values (?, null, 0, ?, ?)',
          [created?.id, user, now],
        );
        return created;
      });
      reply.code(201);
      return envelope({ task: row });
    }),
  );

  app.patch(
    '/v1/tasks/:id',
    authenticated(async (user, request) => {
      const id = Number((request.params as { id: string }).id);
      const to = (request.body as { status: number }).status;
      const now = Date.now();
      const lock = db.dialect === 'postgresql' ? ' for update' : '';
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.all(
          `select status, priority from tasks where id = ? and (owner_id = ? or assignee_id = ?)${lock}`,
          [id, user, user],
        );
        const from = Number(current?.status);
        const [updated] = await tx.all(
          `update tasks set status = ?, completed_at = ?, updated_at = ?, version = version + 1 where id = ? returning ${TASK_COLUMNS}`,
          [to, to === 2 ? now : null, now, id],
        );
        await tx.all(
          'insert into task_status_history (task_id, from_status, to_status, changed_by, changed_at) values (?, ?, ?, ?, ?)',
          [id, from, to, user, now],
        );
        if (to === 2 && from !== 2) {
          const points = 10 + Number(current?.priority) * 5;
          await tx.all(
            'insert into task_completions (user_id, task_id, day, points, completed_at) values (?, ?, ?, ?, ?)',
            [user, id, new Date(now).toISOString().slice(0, 10), points, now],
          );
          await tx.all(
            'insert into gamification_profiles (user_id, total_points, best_streak_days) values (?, ?, 1) ' +
              'on conflict (user_id) do update set total_points = gamification_profiles.total_points + ?',
            [user, points, points],
          );
        } else if (from === 2 && to !== 2) {
          const [revoked] = await tx.all(
            'update task_completions set revoked_at = ? where task_id = ? and revoked_at is null returning points',
            [now, id],
          );
          await tx.all('update gamification_profiles set total_points = total_points - ? where user_id = ?', [
            Number(revoked?.points ?? 0),
            user,
          ]);
        }
        return updated;
      });
      return envelope({ task: row });
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
  const db = openSqlClient(options.url as string);
  handSql(db);
  app.addHook('onClose', () => db.close());
}

const address = await app.listen({ port: Number(options.port), host: '127.0.0.1' });
process.stdout.write(`listening ${new URL(address).port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
