import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { RequestSample } from '../http/request-log.js';
import type { PoolStats } from '../persistence/persistence.js';
import { type QuerySample, statementKind } from '../persistence/query-observer.js';

export interface Metrics {
  readonly registry: Registry;
  observeRequest(sample: RequestSample): void;
  observeQuery(sample: QuerySample): void;
}

const SECONDS_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The service's Prometheus metrics: requests by route and status, statement timings, rate-limit
 * rejections, the connection pool, and prom-client's process metrics. Labels are bounded: an
 * unmatched URL counts as route `unmatched`, never as its path.
 */
export const createMetrics = (options: { readonly poolStats?: () => PoolStats } = {}): Metrics => {
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
  const { poolStats } = options;
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
    observeQuery: (sample) => {
      queries.observe(
        { side: sample.side, statement: statementKind(sample.sql), outcome: sample.failed ? 'error' : 'ok' },
        sample.durationMs / 1000,
      );
    },
  };
};
