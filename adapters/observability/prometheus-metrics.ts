import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AttemptReport } from '../../application/webhooks/deliver-webhooks.js';
import type { RequestSample } from '../http/request-log.js';
import type { PoolStats } from '../persistence/persistence.js';
import { type QuerySample, statementKind } from '../persistence/query-observer.js';

export interface Metrics {
  readonly registry: Registry;
  observeRequest(sample: RequestSample): void;
  observeQuery(sample: QuerySample): void;
  observeWebhookAttempt(attempt: AttemptReport): void;
}

export interface MetricsOptions {
  readonly poolStats?: (() => PoolStats) | undefined;
  /** Webhook deliveries waiting for an attempt, counted when scraped. */
  readonly pendingDeliveries?: () => Promise<number>;
}

const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From an event to its delivery: milliseconds when all is well, hours through the retry schedule. */
const EVENT_TO_DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 86_400];

/**
 * The service's Prometheus metrics: requests by route and status, statement timings, rate-limit
 * rejections, the connection pool, webhook deliveries, and prom-client's process metrics. Labels
 * are bounded: an unmatched URL counts as route `unmatched`, never as its path; webhooks by outcome,
 * never by subscription or URL.
 */
export const createMetrics = (options: MetricsOptions = {}): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'workspace_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'workspace_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its response, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const rejections = new Counter({
    name: 'workspace_rate_limit_rejections_total',
    help: 'Requests refused with 429 RATE_LIMITED.',
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'workspace_db_query_duration_seconds',
    help: 'Database statement time, by side (read side or unit of work), statement kind and outcome.',
    labelNames: ['side', 'statement', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const attempts = new Counter({
    name: 'workspace_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome: delivered, retrying (to be tried again), failed (given up), disabled (the subscription turned off).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const attemptTime = new Histogram({
    name: 'workspace_webhook_attempt_duration_seconds',
    help: 'Time from sending a webhook request to its answer or failure, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const deliveryLatency = new Histogram({
    name: 'workspace_webhook_delivery_latency_seconds',
    help: 'Time from an event being made (its change committed) to its delivery, retries included.',
    buckets: EVENT_TO_DELIVERY_BUCKETS,
    registers: [registry],
  });
  const { poolStats, pendingDeliveries } = options;
  if (pendingDeliveries !== undefined) {
    new Gauge({
      name: 'workspace_webhook_deliveries_pending',
      help: 'Webhook deliveries of active subscriptions waiting for an attempt, due or not (the queue depth).',
      registers: [registry],
      async collect() {
        this.set(await pendingDeliveries());
      },
    });
  }
  if (poolStats !== undefined) {
    new Gauge({
      name: 'workspace_db_pool_connections',
      help: 'Database pool connections by state (total, idle) and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  return {
    registry,
    observeRequest: (sample) => {
      const labels = {
        method: sample.method,
        route: sample.route ?? 'unmatched',
        status: String(sample.status),
      };
      requests.inc(labels);
      latency.observe(labels, sample.durationMs / 1000);
      if (sample.errorCode === 'RATE_LIMITED') rejections.inc();
    },
    observeWebhookAttempt: (attempt) => {
      attempts.inc({ outcome: attempt.outcome });
      attemptTime.observe({ outcome: attempt.outcome }, attempt.durationMs / 1000);
      if (attempt.outcome === 'delivered') deliveryLatency.observe(attempt.sinceEventMs / 1000);
    },
    observeQuery: (sample) => {
      queries.observe(
        { side: sample.side, statement: statementKind(sample.sql), outcome: sample.failed ? 'error' : 'ok' },
        sample.durationMs / 1000,
      );
    },
  };
};
