/**
 * The server: reads the environment, applies pending migrations, listens, and on SIGTERM/SIGINT
 * stops accepting, finishes in-flight requests (for up to `SHUTDOWN_GRACE_S`), closes the database
 * and exits 0.
 */
import { hostname } from 'node:os';
import { currentRequestId } from '../adapters/http/request-id.js';
import type { MetricsServer } from '../adapters/observability/metrics-server.js';
import type { Metrics } from '../adapters/observability/prometheus-metrics.js';
import type { QueryObserver, QuerySample } from '../adapters/persistence/query-observer.js';
import { RequestActivity } from '../adapters/webhooks/request-activity.js';
import type { AttemptReport } from '../application/webhooks/deliver-webhooks.js';
import { ConfigError, loadConfig } from './config.js';
import { retryLine } from './connect-retry.js';
import { createHttpServer } from './http-server.js';
import { openPersistence } from './persistence.js';
import { holdServerLock } from './server-lock.js';
import { StartupError } from './startup-error.js';
import { pendingDeliveries } from './webhook-wiring.js';
import { createWorkspace } from './workspace.js';

const DEBUG_LEVELS = ['debug', 'trace'];
/** Levels at which a warning is logged. */
const WARNING_LEVELS = ['warn', 'info', 'debug', 'trace'];

/**
 * A warning before the logger exists (it comes with the HTTP app, once the database is open): one
 * JSON line in the logger's own shape, so that log collectors read it like the rest.
 */
const earlyWarning = (level: string, msg: string): void => {
  if (!WARNING_LEVELS.includes(level)) return;
  process.stdout.write(
    `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, hostname: hostname(), msg })}\n`,
  );
};

const start = async (): Promise<void> => {
  const config = loadConfig(process.env);
  // The logger and the metrics exist only once the database is open: until then these wait.
  let report: (cause: unknown) => void = () => undefined;
  let logQuery: QueryObserver = () => undefined;
  let webhookAttempt: (attempt: AttemptReport) => void = () => undefined;
  let metrics: Metrics | undefined;
  const debug = DEBUG_LEVELS.includes(config.logLevel);
  // Statements are timed only when something listens (metrics, or the debug log).
  const observing = debug || config.metricsPort !== null;
  const persistence = await openPersistence(config.database, {
    migrate: true,
    connectTimeoutMs: config.dbConnectTimeoutS * 1000,
    statementTimeoutMs: config.dbStatementTimeoutS * 1000,
    sqliteSynchronous: config.sqliteSynchronous,
    keyCacheMs: config.apiKeyCacheS * 1000,
    reportBackgroundFailure: (cause) => report(cause),
    onConnectRetry: (retry) => earlyWarning(config.logLevel, retryLine(retry)),
    observeQuery: observing
      ? (sample: QuerySample) => {
          metrics?.observeQuery(sample);
          logQuery(sample);
        }
      : undefined,
  });
  // After opening: the open names a missing folder first, and migrations are safe under SQLite's own locks.
  const releaseLock =
    config.database.kind === 'sqlite' && config.database.path !== ':memory:'
      ? await holdServerLock(config.database.path)
      : () => undefined;
  const requests = new RequestActivity();
  const workspace = createWorkspace({
    persistence,
    reportBackgroundFailure: (cause) => report(cause),
    syncRetentionDays: config.syncRetentionDays,
    webhooks: {
      allowHttp: config.webhookAllowHttp,
      allowPrivateTargets: config.webhookAllowPrivateTargets,
      maxPerUser: config.webhookMaxPerUser,
      onAttempt: (attempt) => webhookAttempt(attempt),
      onError: (cause) => app.log.warn({ err: cause }, 'webhook worker round failed'),
      yieldTo: requests,
    },
  });
  if (config.metricsPort !== null) {
    // Loaded only when asked for: prom-client and node:http's ESM facade (which loads undici) add
    // memory to the process and time to its start.
    const { createMetrics } = await import('../adapters/observability/prometheus-metrics.js');
    metrics = createMetrics({
      poolStats: persistence.poolStats,
      pendingDeliveries: pendingDeliveries(persistence.unitOfWork),
    });
  }
  const app = createHttpServer(
    workspace,
    { level: config.logLevel },
    {
      observeRequest: (sample) => {
        requests.answer();
        metrics?.observeRequest(sample);
      },
      rateLimit: { perMinute: config.rateLimitPerMinute, shared: persistence.windowCounter },
      ...(config.corsOrigins.length === 0 ? {} : { corsOrigins: config.corsOrigins }),
      scopeRequestIds: debug,
    },
  );
  report = (cause) => app.log.warn({ err: cause }, 'background work failed');
  // Never the body, the URL's query or a secret: the subscription, the event and what came of it.
  webhookAttempt = (attempt) => {
    metrics?.observeWebhookAttempt(attempt);
    app.log.info(
      {
        webhook_id: attempt.webhookId,
        event_id: attempt.eventId,
        outcome: attempt.outcome,
        status: attempt.status,
        duration_ms: attempt.durationMs,
      },
      'webhook attempt',
    );
  };
  if (debug) {
    // The statement and its time, never its parameters (they carry key digests and users' data), with
    // the id of the request that ran it (none for background work).
    logQuery = (sample) =>
      app.log.debug(
        {
          reqId: currentRequestId(),
          sql: sample.sql,
          duration_ms: Math.round(sample.durationMs * 100) / 100,
          side: sample.side,
          failed: sample.failed,
        },
        'sql',
      );
  }

  let metricsServer: MetricsServer | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    // Ctrl-C in a terminal signals npm and the server both, and npm passes its signal on: the
    // requests being finished must not be cut by the second (the grace period bounds them).
    if (stopping) {
      app.log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // Requests still running when the grace period ends lose their connection (and roll back);
    // the process goes on to close the database and exit 0 all the same.
    const cut = setTimeout(() => {
      app.log.warn({ grace_s: config.shutdownGraceS }, 'grace period over: closing connections in flight');
      app.server.closeAllConnections();
    }, config.shutdownGraceS * 1000);
    try {
      await app.close();
      clearTimeout(cut);
      await metricsServer?.close();
      await workspace.close();
      releaseLock();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await listening(`${config.host}:${config.port}`, app.listen({ port: config.port, host: config.host }));
  if (metrics !== undefined && config.metricsPort !== null) {
    const { listenForMetrics } = await import('../adapters/observability/metrics-server.js');
    metricsServer = await listening(
      `${config.host}:${config.metricsPort} (METRICS_PORT)`,
      listenForMetrics(metrics.registry, config.metricsPort, config.host),
    );
    app.log.info({ port: metricsServer.port }, 'metrics at GET /metrics');
  }
};

/** A port taken or a host not ours is the operator's to fix: one line, no stack. */
const listening = <A>(where: string, attempt: Promise<A>): Promise<A> =>
  attempt.catch((error: unknown) => {
    const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw code.startsWith('E')
      ? new StartupError(`cannot listen on ${where}: ${error instanceof Error ? error.message : code}`)
      : error;
  });

start().catch((error: unknown) => {
  // A configuration or database problem is one line for the operator; anything else is a bug, with its stack.
  const expected = error instanceof ConfigError || error instanceof StartupError;
  const message = expected ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`workspace-api failed to start: ${message}\n`);
  process.exit(1);
});
