import { expressionBuilder, type Selectable } from 'kysely';
import type { WebhookRepository } from '../../../../application/ports/webhook.repository.js';
import type { Delivery } from '../../../../domain/webhook/webhook.js';
import type { DeliveryJobQueue, QueuedAttempt } from '../../delivery-jobs.js';
import type { Statements } from '../orm-runner.js';
import { pagedSelect } from '../read/paged-query.js';
import { rowCount } from '../row-count.js';
import { COLUMNS, qualified } from '../schemas/columns.js';
import type { Database } from '../schemas/database.js';
import {
  attemptRow,
  deliveryOf,
  loggedAttemptOf,
  loggedAttemptRow,
  webhookOf,
  webhookRow,
} from '../schemas/webhook.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { latestSeqQuery } from './change-log-writer.js';

/** Deliveries by id, for their list's order. */
const d = expressionBuilder<{ d: Database['webhook_deliveries'] }, 'd'>();

const WEBHOOK_COLUMNS = qualified('w', COLUMNS.webhooks);
const DELIVERY_COLUMNS = qualified('d', COLUMNS.webhook_deliveries);

/** Rows per insert: a dispatch round for many subscriptions must not outgrow a statement's parameters. */
const DELIVERIES_PER_INSERT = 200;

/** The next attempt of each delivery among `rows` that waits for one. */
const attemptsOf = (
  rows: readonly Pick<
    Selectable<Database['webhook_deliveries']>,
    'id' | 'attempts' | 'state' | 'next_attempt_at'
  >[],
): QueuedAttempt[] =>
  rows.flatMap((row) =>
    row.state === 'pending' && row.next_attempt_at !== null
      ? [{ delivery: row.id, attempt: row.attempts, at: new Date(row.next_attempt_at) }]
      : [],
  );

/**
 * Subscriptions and deliveries through a unit of work's connection. With a job queue (PostgreSQL),
 * every delivery stored waiting for an attempt is queued there in the same transaction; without
 * one, the worker polls the table (`due`). `passThrough` runs the job queue's own statements on the
 * transaction.
 */
export const sqlWebhooks = (
  q: Statements,
  dialect: SqlDialect,
  passThrough: (sql: string, params: readonly string[]) => Promise<readonly object[]>,
  jobs?: DeliveryJobQueue,
): WebhookRepository => {
  const queue = async (rows: Parameters<typeof attemptsOf>[0]) => jobs?.queue(passThrough, attemptsOf(rows));
  const webhooks = () => q.db.selectFrom('webhooks').select(COLUMNS.webhooks);
  const deliveries = () => q.db.selectFrom('webhook_deliveries').select(COLUMNS.webhook_deliveries);
  /** Pending deliveries of active subscriptions that wait for an attempt. */
  const waiting = () =>
    q.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .where('d.state', '=', 'pending')
      .where('d.next_attempt_at', 'is not', null)
      .where('w.active', '=', true);
  const updateDelivery = (delivery: Delivery) =>
    q.returned(
      q.db
        .updateTable('webhook_deliveries')
        .set(attemptRow(delivery))
        .where('id', '=', delivery.id)
        .returning(COLUMNS.webhook_deliveries),
    );
  return {
    add: async (webhook) =>
      webhookOf(
        await q.returned(q.db.insertInto('webhooks').values(webhookRow(webhook)).returning(COLUMNS.webhooks)),
      ),
    findForUpdate: async (id) => {
      const row = await q.first(
        webhooks()
          .where('id', '=', id)
          .$if(dialect.rowLocks, (query) => query.forUpdate()),
      );
      return row === undefined ? null : webhookOf(row);
    },
    find: async (id) => {
      const row = await q.first(webhooks().where('id', '=', id));
      return row === undefined ? null : webhookOf(row);
    },
    listOf: async (userId) =>
      (await q.all(webhooks().where('user_id', '=', userId).orderBy('id'))).map(webhookOf),
    update: async (webhook) =>
      webhookOf(
        await q.returned(
          q.db
            .updateTable('webhooks')
            .set(webhookRow(webhook))
            .where('id', '=', webhook.id)
            .returning(COLUMNS.webhooks),
        ),
      ),
    delete: async (id) => {
      await q.run(
        q.db
          .deleteFrom('webhook_attempts')
          .where('delivery_id', 'in', (rows) =>
            rows.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', id),
          ),
      );
      await q.run(q.db.deleteFrom('webhook_deliveries').where('webhook_id', '=', id));
      return (await q.first(q.db.deleteFrom('webhooks').where('id', '=', id).returning('id'))) !== undefined;
    },
    countActive: async () =>
      Number(
        (
          await q.first(
            q.db
              .selectFrom('webhooks')
              .select((row) => row.fn.countAll<number>().as('n'))
              .where('active', '=', true),
          )
        )?.n ?? 0,
      ),
    behind: async (limit) =>
      (
        await q.all(
          q.db
            .selectFrom('webhooks as w')
            .select(WEBHOOK_COLUMNS)
            .where('w.active', '=', true)
            .where((row) =>
              row('w.cursor_seq', '<', latestSeqQuery(q.db, dialect, row.ref('w.user_id')).$asScalar()),
            )
            .orderBy('w.id')
            .limit(rowCount(limit)),
        )
      ).map(webhookOf),
    advanceCursors: async (moves, to) => {
      // A cursor moves only from where it was, while active, and only forward.
      for (const { id, cursor } of moves)
        await q.run(
          q.db
            .updateTable('webhooks')
            .set({ cursor_seq: to })
            .where('id', '=', id)
            .where('cursor_seq', '=', cursor)
            .where('active', '=', true)
            .where('cursor_seq', '<', to),
        );
    },
    addDeliveries: async (added) => {
      for (let start = 0; start < added.length; start += DELIVERIES_PER_INSERT) {
        const chunk = added.slice(start, start + DELIVERIES_PER_INSERT);
        // Only the rows inserted come back: a delivery made twice is queued once.
        const inserted = await q.all(
          q.db
            .insertInto('webhook_deliveries')
            .values(
              chunk.map((delivery) => ({
                webhook_id: delivery.webhookId,
                event_id: delivery.eventId,
                type: delivery.type,
                body: delivery.body,
                ...attemptRow(delivery),
                created_at: delivery.createdAt.getTime(),
              })),
            )
            .onConflict((conflict) => conflict.columns(['webhook_id', 'event_id']).doNothing())
            .returning(['id', 'attempts', 'state', 'next_attempt_at']),
        );
        await queue(inserted);
      }
    },
    deliveriesOf: (webhookId, page) =>
      pagedSelect(
        q,
        {
          rows: q.db
            .selectFrom('webhook_deliveries as d')
            .select(DELIVERY_COLUMNS)
            .where('d.webhook_id', '=', webhookId),
          order: [{ column: d.ref('d.id'), direction: 'desc', kind: 'number' }],
          map: deliveryOf,
        },
        page,
      ),
    addAttempts: async (attempts) => {
      for (let start = 0; start < attempts.length; start += DELIVERIES_PER_INSERT)
        await q.run(
          q.db
            .insertInto('webhook_attempts')
            .values(attempts.slice(start, start + DELIVERIES_PER_INSERT).map(loggedAttemptRow)),
        );
    },
    attemptsOf: async (ids) =>
      ids.length === 0
        ? []
        : (
            await q.all(
              q.db
                .selectFrom('webhook_attempts')
                .select(COLUMNS.webhook_attempts)
                .where('delivery_id', 'in', dialect.idList(ids))
                .orderBy('delivery_id')
                .orderBy('id'),
            )
          ).map(loggedAttemptOf),
    findDelivery: async (id) => {
      const row = await q.first(
        deliveries()
          .where('id', '=', id)
          .$if(dialect.rowLocks, (query) => query.forUpdate()),
      );
      return row === undefined ? null : deliveryOf(row);
    },
    updateDelivery: async (delivery) => {
      const row = await updateDelivery(delivery);
      await queue([row]);
      return deliveryOf(row);
    },
    findDeliveries: async (ids) => {
      if (ids.length === 0) return [];
      return (
        await q.all(
          deliveries()
            .where('id', 'in', dialect.idList(ids))
            .$if(dialect.rowLocks, (query) => query.forUpdate()),
        )
      ).map(deliveryOf);
    },
    findMany: async (ids) => {
      if (ids.length === 0) return [];
      return (await q.all(webhooks().where('id', 'in', dialect.idList(ids)))).map(webhookOf);
    },
    updateDeliveries: async (updated) => {
      // Deliveries an attempt left alike (most often: delivered in the same millisecond) change in
      // one statement: a batch of attempts is recorded in a few statements rather than one each.
      const alike = new Map<
        string,
        { readonly row: ReturnType<typeof attemptRow>; readonly ids: number[] }
      >();
      for (const delivery of updated) {
        const row = attemptRow(delivery);
        const key = JSON.stringify(row);
        const group = alike.get(key) ?? { row, ids: [] };
        group.ids.push(delivery.id);
        alike.set(key, group);
      }
      for (const { row, ids } of alike.values())
        await queue(
          await q.all(
            q.db
              .updateTable('webhook_deliveries')
              .set(row)
              .where('id', 'in', dialect.idList(ids))
              .returning(['id', 'attempts', 'state', 'next_attempt_at']),
          ),
        );
    },
    reschedulePending: async (webhookId, at) => {
      const rows = await q.all(
        q.db
          .updateTable('webhook_deliveries')
          .set({ next_attempt_at: at.getTime() })
          .where('webhook_id', '=', webhookId)
          .where('state', '=', 'pending')
          .returning(['id', 'attempts', 'state', 'next_attempt_at']),
      );
      await queue(rows);
      return rows.length;
    },
    countPending: async () =>
      Number((await q.first(waiting().select((row) => row.fn.countAll<number>().as('n'))))?.n ?? 0),
    due: async (now, limit) =>
      (
        await q.all(
          waiting()
            .select(DELIVERY_COLUMNS)
            .where('d.next_attempt_at', '<=', now.getTime())
            .orderBy('d.next_attempt_at')
            .orderBy('d.id')
            .limit(rowCount(limit)),
        )
      ).map(deliveryOf),
    nextDue: async () => {
      const row = await q.first(waiting().select((row) => row.fn.min('d.next_attempt_at').as('due')));
      return row?.due == null ? null : new Date(Number(row.due));
    },
  };
};
