import type {
  NewDelivery,
  NewWebhook,
  WebhookRepository,
} from '../../../../application/ports/webhook.repository.js';
import { RECORD_RESOURCES } from '../../../../domain/api-key/scope.js';
import type { Delivery, DeliveryState, DisabledReason, Webhook } from '../../../../domain/webhook/webhook.js';
import type { DeliveryJobQueue, QueuedAttempt } from '../../delivery-jobs.js';
import type { Row, SqlRunner, SqlValue } from '../read/sql-runner.js';
import { RowReader } from '../row-decoding.js';
import { POSTGRESQL, perDialect, type SqlDialect } from '../sql-dialect.js';
import { latestSeqOf } from './change-log-writer.js';

const WEBHOOK_COLUMNS =
  'id, user_id, url, events, description, active, resources, secret, previous_secret, ' +
  'previous_secret_until, cursor_seq, failing_since, disabled_reason, created_at, updated_at';
const DELIVERY_COLUMNS =
  'id, webhook_id, event_id, type, body, attempts, state, last_status, last_error, next_attempt_at, delivered_at, created_at';
const DELIVERY_INSERT_COLUMNS = DELIVERY_COLUMNS.replace('id, ', '');
const DELIVERY_VALUES = `(${DELIVERY_INSERT_COLUMNS.split(', ')
  .map(() => '?')
  .join(', ')})`;
/** Rows per insert: a dispatch round for many subscriptions must not outgrow a statement's parameters. */
const DELIVERIES_PER_INSERT = 200;

const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'delivered', 'failed'];
const DISABLED_REASONS: readonly DisabledReason[] = ['gone', 'failing'];

const millis = (date: Date | null): number | null => date?.getTime() ?? null;

const webhookOf = (row: Row): Webhook => {
  const read = new RowReader('webhooks', row);
  return {
    id: read.integer('id'),
    userId: read.integer('user_id'),
    url: read.text('url'),
    events: read.parsed('events', (text) => {
      const events: unknown = JSON.parse(text);
      return Array.isArray(events) && events.every((e) => typeof e === 'string') ? events : null;
    }),
    description: read.textOrNull('description'),
    active: read.flag('active'),
    resources: read.parsed('resources', (text) =>
      text === '' ? [] : text.split(',').flatMap((name) => RECORD_RESOURCES.filter((r) => r === name)),
    ),
    secret: read.text('secret'),
    previousSecret: read.textOrNull('previous_secret'),
    previousSecretUntil: read.instantOrNull('previous_secret_until'),
    cursor: read.integer('cursor_seq'),
    failingSince: read.instantOrNull('failing_since'),
    disabledReason:
      row.disabled_reason == null
        ? null
        : read.parsed('disabled_reason', (text) => DISABLED_REASONS.find((r) => r === text) ?? null),
    createdAt: read.instant('created_at'),
    updatedAt: read.instant('updated_at'),
  };
};

const deliveryOf = (row: Row): Delivery => {
  const read = new RowReader('webhook_deliveries', row);
  return {
    id: read.integer('id'),
    webhookId: read.integer('webhook_id'),
    eventId: read.text('event_id'),
    type: read.text('type'),
    body: read.text('body'),
    attempts: read.integer('attempts'),
    state: read.parsed('state', (text) => DELIVERY_STATES.find((s) => s === text) ?? null),
    lastStatus: row.last_status == null ? null : read.integer('last_status'),
    lastError: read.textOrNull('last_error'),
    nextAttemptAt: read.instantOrNull('next_attempt_at'),
    deliveredAt: read.instantOrNull('delivered_at'),
    createdAt: read.instant('created_at'),
  };
};

const webhookParams = (webhook: NewWebhook): SqlValue[] => [
  webhook.userId,
  webhook.url,
  JSON.stringify(webhook.events),
  webhook.description,
  webhook.active ? 1 : 0,
  webhook.resources.join(','),
  webhook.secret,
  webhook.previousSecret,
  millis(webhook.previousSecretUntil),
  webhook.cursor,
  millis(webhook.failingSince),
  webhook.disabledReason,
  webhook.createdAt.getTime(),
  webhook.updatedAt.getTime(),
];

/** What an attempt changes in a delivery, in `updateDelivery`'s order. */
const attemptParams = (
  delivery: Pick<
    Delivery,
    'attempts' | 'state' | 'lastStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'
  >,
): SqlValue[] => [
  delivery.attempts,
  delivery.state,
  delivery.lastStatus,
  delivery.lastError,
  millis(delivery.nextAttemptAt),
  millis(delivery.deliveredAt),
];

// `active = ?` bound as 1 (see below); a cursor only ever moves forward.
const ADVANCE_CURSOR =
  'update webhooks set cursor_seq = ? where id = ? and cursor_seq = ? and active = ? and cursor_seq < ?';
/** Every subscription's cursor in one statement (PostgreSQL), the expected cursors as one JSON parameter. */
const ADVANCE_CURSORS_PG =
  'update webhooks w set cursor_seq = ? from json_to_recordset(cast(? as json)) as v(id integer, cursor bigint) ' +
  'where w.id = v.id and w.cursor_seq = v.cursor and w.active = ? and w.cursor_seq < ?';

const UPDATE_DELIVERY =
  'update webhook_deliveries set attempts = ?, state = ?, last_status = ?, last_error = ?, ' +
  `next_attempt_at = ?, delivered_at = ? where id = ? returning ${DELIVERY_COLUMNS}`;

/**
 * Many deliveries' attempts in one statement (PostgreSQL): the new values as one JSON parameter,
 * joined to the rows by id.
 */
const UPDATE_DELIVERIES_PG =
  'update webhook_deliveries d set attempts = v.attempts, state = v.state, last_status = v.last_status, ' +
  'last_error = v.last_error, next_attempt_at = v.next_attempt_at, delivered_at = v.delivered_at ' +
  'from json_to_recordset(cast(? as json)) as v(id integer, attempts integer, state text, ' +
  'last_status integer, last_error text, next_attempt_at bigint, delivered_at bigint) ' +
  `where d.id = v.id returning d.id, d.attempts, d.state, d.next_attempt_at`;

const deliveryParams = (delivery: NewDelivery): SqlValue[] => [
  delivery.webhookId,
  delivery.eventId,
  delivery.type,
  delivery.body,
  ...attemptParams(delivery),
  delivery.createdAt.getTime(),
];

const WAITING = "d.state = 'pending' and d.next_attempt_at is not null and w.active = ?";

// Written once: every unit of work builds this repository.
const WEBHOOK_INSERT_COLUMNS = WEBHOOK_COLUMNS.replace('id, ', '');
const WEBHOOK_PLACEHOLDERS = WEBHOOK_INSERT_COLUMNS.split(', ')
  .map(() => '?')
  .join(', ');
const WEBHOOK_ASSIGNMENTS = WEBHOOK_INSERT_COLUMNS.split(', ')
  .map((column) => `${column} = ?`)
  .join(', ');
const prefixed = (columns: string, alias: string) =>
  columns
    .split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ');
/** Active webhooks whose cursor is behind their user's latest seq. */
const behind = (kind: SqlDialect['kind']): string =>
  `select ${prefixed(WEBHOOK_COLUMNS, 'w')} from webhooks w ` +
  `where w.active = ? and w.cursor_seq < ${latestSeqOf(kind, 'w.user_id')} ` +
  'order by w.id limit cast(? as bigint)';
const BEHIND = perDialect(behind);
const DUE =
  `select ${prefixed(DELIVERY_COLUMNS, 'd')} from webhook_deliveries d ` +
  `join webhooks w on w.id = d.webhook_id where ${WAITING} and d.next_attempt_at <= ? ` +
  'order by d.next_attempt_at, d.id limit cast(? as bigint)';

/** The next attempt of each delivery among `rows` that waits for one. */
const attemptsOf = (rows: readonly Row[]): QueuedAttempt[] =>
  rows.flatMap((row) =>
    row.state === 'pending' && row.next_attempt_at != null
      ? [
          {
            delivery: Number(row.id),
            attempt: Number(row.attempts),
            at: new Date(Number(row.next_attempt_at)),
          },
        ]
      : [],
  );
const SCHEDULED = 'id, attempts, state, next_attempt_at';

/**
 * Subscriptions and deliveries through a unit of work's connection. With a job queue (PostgreSQL),
 * every delivery stored waiting for an attempt is queued there in the same transaction; without
 * one, the worker polls the table (`due`).
 */
export const sqlWebhooks = (
  tx: SqlRunner,
  dialect: SqlDialect,
  jobs?: DeliveryJobQueue,
): WebhookRepository => {
  const forUpdate = dialect.rowLocks ? ' for update' : '';
  const queue = async (rows: readonly Row[]) =>
    jobs?.queue((sql, params) => tx.all(sql, params), attemptsOf(rows));
  // `active = ?` bound as 1: PostgreSQL compares its boolean to '1', SQLite its integer to 1.
  return {
    add: async (webhook) =>
      webhookOf(
        (await tx.get(
          `insert into webhooks (${WEBHOOK_INSERT_COLUMNS}) values (${WEBHOOK_PLACEHOLDERS}) returning ${WEBHOOK_COLUMNS}`,
          webhookParams(webhook),
        )) ?? {},
      ),
    findForUpdate: async (id) => {
      const row = await tx.get(`select ${WEBHOOK_COLUMNS} from webhooks where id = ?${forUpdate}`, [id]);
      return row === undefined ? null : webhookOf(row);
    },
    find: async (id) => {
      const row = await tx.get(`select ${WEBHOOK_COLUMNS} from webhooks where id = ?`, [id]);
      return row === undefined ? null : webhookOf(row);
    },
    listOf: async (userId) =>
      (await tx.all(`select ${WEBHOOK_COLUMNS} from webhooks where user_id = ? order by id`, [userId])).map(
        webhookOf,
      ),
    update: async (webhook) =>
      webhookOf(
        (await tx.get(
          `update webhooks set ${WEBHOOK_ASSIGNMENTS} where id = ? returning ${WEBHOOK_COLUMNS}`,
          [...webhookParams(webhook), webhook.id],
        )) ?? {},
      ),
    delete: async (id) => {
      await tx.run('delete from webhook_deliveries where webhook_id = ?', [id]);
      return (await tx.get('delete from webhooks where id = ? returning id', [id])) !== undefined;
    },
    countActive: async () =>
      Number((await tx.get('select count(*) as n from webhooks where active = ?', [1]))?.n ?? 0),
    behind: async (limit) => (await tx.all(BEHIND[dialect.kind], [1, limit])).map(webhookOf),
    advanceCursors: async (moves, to) => {
      if (moves.length === 0) return;
      if (dialect !== POSTGRESQL) {
        for (const { id, cursor } of moves) await tx.run(ADVANCE_CURSOR, [to, id, cursor, 1, to]);
        return;
      }
      const expected = moves.map(({ id, cursor }) => ({ id, cursor }));
      await tx.run(ADVANCE_CURSORS_PG, [to, JSON.stringify(expected), 1, to]);
    },
    addDeliveries: async (deliveries) => {
      for (let start = 0; start < deliveries.length; start += DELIVERIES_PER_INSERT) {
        const chunk = deliveries.slice(start, start + DELIVERIES_PER_INSERT);
        // Only the rows inserted come back: a delivery made twice is queued once.
        const inserted = await tx.all(
          `insert into webhook_deliveries (${DELIVERY_INSERT_COLUMNS}) values ${chunk.map(() => DELIVERY_VALUES).join(', ')} ` +
            `on conflict (webhook_id, event_id) do nothing returning ${SCHEDULED}`,
          chunk.flatMap(deliveryParams),
        );
        await queue(inserted);
      }
    },
    deliveriesOf: async (webhookId, limit, offset) =>
      (
        await tx.all(
          `select ${DELIVERY_COLUMNS} from webhook_deliveries where webhook_id = ? order by id desc ` +
            'limit cast(? as bigint) offset cast(? as bigint)',
          [webhookId, limit, offset],
        )
      ).map(deliveryOf),
    findDelivery: async (id) => {
      const row = await tx.get(
        `select ${DELIVERY_COLUMNS} from webhook_deliveries where id = ?${forUpdate}`,
        [id],
      );
      return row === undefined ? null : deliveryOf(row);
    },
    updateDelivery: async (delivery) => {
      const row = (await tx.get(UPDATE_DELIVERY, [...attemptParams(delivery), delivery.id])) ?? {};
      await queue([row]);
      return deliveryOf(row);
    },
    findDeliveries: async (ids) => {
      if (ids.length === 0) return [];
      const from = dialect.rowsByIds('webhook_deliveries', 'd', ids);
      const lock = dialect.rowLocks ? ' for update of d' : '';
      return (
        await tx.all(`select ${prefixed(DELIVERY_COLUMNS, 'd')} from ${from.sql}${lock}`, from.params)
      ).map(deliveryOf);
    },
    findMany: async (ids) => {
      if (ids.length === 0) return [];
      const from = dialect.rowsByIds('webhooks', 'w', ids);
      return (await tx.all(`select ${prefixed(WEBHOOK_COLUMNS, 'w')} from ${from.sql}`, from.params)).map(
        webhookOf,
      );
    },
    updateDeliveries: async (deliveries) => {
      if (deliveries.length === 0) return;
      if (dialect !== POSTGRESQL) {
        // SQLite runs each in this process: one statement per row costs no round trip.
        const rows: Row[] = [];
        for (const delivery of deliveries)
          rows.push((await tx.get(UPDATE_DELIVERY, [...attemptParams(delivery), delivery.id])) ?? {});
        return void (await queue(rows));
      }
      const values = deliveries.map((delivery) => {
        const [attempts, state, lastStatus, lastError, nextAttemptAt, deliveredAt] = attemptParams(delivery);
        return {
          id: delivery.id,
          attempts,
          state,
          last_status: lastStatus,
          last_error: lastError,
          next_attempt_at: nextAttemptAt,
          delivered_at: deliveredAt,
        };
      });
      await queue(await tx.all(UPDATE_DELIVERIES_PG, [JSON.stringify(values)]));
    },
    reschedulePending: async (webhookId, at) => {
      const rows = await tx.all(
        "update webhook_deliveries set next_attempt_at = ? where webhook_id = ? and state = 'pending' " +
          `returning ${SCHEDULED}`,
        [at.getTime(), webhookId],
      );
      await queue(rows);
      return rows.length;
    },
    countPending: async () =>
      Number(
        (
          await tx.get(
            `select count(*) as n from webhook_deliveries d join webhooks w on w.id = d.webhook_id where ${WAITING}`,
            [1],
          )
        )?.n ?? 0,
      ),
    due: async (now, limit) => (await tx.all(DUE, [1, now.getTime(), limit])).map(deliveryOf),
    nextDue: async () => {
      const row = await tx.get(
        `select min(d.next_attempt_at) as due from webhook_deliveries d join webhooks w on w.id = d.webhook_id where ${WAITING}`,
        [1],
      );
      return row?.due == null ? null : new Date(Number(row.due));
    },
  };
};
