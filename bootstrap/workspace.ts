import type * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import {
  SQLITE_SYNCHRONOUS,
  type SqliteSynchronous,
} from '../adapters/persistence/mikro-orm/sqlite-connection.js';
import type { IdempotencyStore, Persistence } from '../adapters/persistence/persistence.js';
import type { QueryObserver } from '../adapters/persistence/query-observer.js';
import { PolledDeliveries } from '../adapters/webhooks/polled-deliveries.js';
import { QueuedDeliveries } from '../adapters/webhooks/queued-deliveries.js';
import type { RequestActivity } from '../adapters/webhooks/request-activity.js';
import { WebhookWorker } from '../adapters/webhooks/webhook-worker.js';
import { createApiKeyInput } from '../application/api-keys/create-api-key.use-case.js';
import type { Clock } from '../application/ports/clock.port.js';
import type { WebhookSender } from '../application/ports/webhook-delivery.port.js';
import { decodeWith } from '../application/shared/decode.js';
import { createUserInput } from '../application/users/create-user.use-case.js';
import type { AttemptReport } from '../application/webhooks/deliver-webhooks.js';
import { aroundCalls, hostCopy } from '../application/workspace/session-answers.js';
import type { TransportAdmission, Workspace } from '../application/workspace/workspace.js';
import { CallsInFlight } from './calls-in-flight.js';
import { ConfigError, type DatabaseConfig, oneOf, parseDatabaseUrl } from './config.js';
import type { ConnectRetry } from './connect-retry.js';
import { type BackgroundFailureReporter, type BuiltWorkspace, buildUseCases } from './container.js';
import { unsupportedNodeForHost } from './node-version.js';
import { openPersistence } from './persistence.js';
import { asSessionOf } from './session-batches.js';
import { type IsOpen, keySession, transportAdmission, userSession } from './sessions.js';
import { StartupError } from './startup-error.js';
import { checkWorkspaceOptions } from './workspace-options.js';

export interface WorkspaceOptions {
  /** The same URLs as `DATABASE_URL`: `sqlite:<path>`, `postgres://…`, or `memory:`. */
  readonly database: string;
  /** Where "now" comes from (tests fix it). */
  readonly clock?: Clock;
  /** Apply pending migrations on open (default true). */
  readonly migrate?: boolean;
  /** How long an unreachable PostgreSQL is retried, with backoff, before `openWorkspace` fails (default 30 s). */
  readonly connectTimeoutMs?: number;
  /**
   * PostgreSQL: how long one statement may run (default 5000 ms). Past it the server cancels the
   * statement, or the client gives up on a server that answers nothing, and the call answers
   * `Unavailable` instead of waiting for as long as the database hangs. Migrations are not bounded.
   */
  readonly statementTimeoutMs?: number;
  /**
   * SQLite: when a commit reaches the disk (the server's `SQLITE_SYNCHRONOUS`). `normal` (default): a
   * crash of the process loses nothing, a power cut may lose the last commits. `full`: every commit is
   * synced before the call answers (a sync per commit, shared by the writes that arrive together).
   * Spelled out here: the adapter's `SqliteSynchronous` would bring better-sqlite3's declarations
   * into a host's type-check.
   */
  readonly sqliteSynchronous?: 'normal' | 'full';
  /** Told about failures of work nobody waits for (the refresh of a key's last use). */
  readonly reportBackgroundFailure?: BackgroundFailureReporter;
  /** Hears of every SQL statement with its duration (never its parameters): feed metrics or a debug log. */
  readonly observeQuery?: QueryObserver;
  /**
   * How long a key `authenticate` read answers for it, in milliseconds (default 5000; 0: read on
   * every call). A key revoked through this workspace stops at once; through another process, within this.
   */
  readonly apiKeyCacheMs?: number;
  /**
   * How many days a sync token (`changes.since`) stays good (default 90): an older one answers
   * `SyncTokenExpired`, and the client syncs again from the beginning.
   */
  readonly syncRetentionDays?: number;
  /**
   * Create the PostgreSQL database when it does not exist (default false: a database that does not
   * exist is a StartupError naming it, so a typo never opens an empty workspace).
   */
  readonly createDatabase?: boolean;
  /** Told before each wait for an unreachable PostgreSQL while opening (the server logs each one). */
  readonly onConnectRetry?: (retry: ConnectRetry) => void;
  /** Webhooks: what their URLs may reach, and whether this process sends them. */
  readonly webhooks?: WebhookOptions;
}

/** How a workspace treats webhook subscriptions (CONTRACT §10). */
export interface WebhookOptions {
  /** Accept `http:` URLs as well as `https:` (default false; WEBHOOK_ALLOW_HTTP=1 for the server). */
  readonly allowHttp?: boolean;
  /**
   * Accept loopback, private and link-local targets (default false; WEBHOOK_ALLOW_PRIVATE_TARGETS=1
   * for the server): for a LAN deployment, and for tests.
   */
  readonly allowPrivateTargets?: boolean;
  /** How many subscriptions one user may hold (default 25; WEBHOOK_MAX_PER_USER for the server). */
  readonly maxPerUser?: number;
  /**
   * Send deliveries from this process (default true): a worker in the background turns committed
   * changes into deliveries and sends them until `close()`. Off for a process that only manages
   * (the CLI), or a host that leaves sending to its server.
   */
  readonly deliver?: boolean;
  /** How often the worker looks for work it was not told about (another process's writes), in ms (default 1000). */
  readonly pollMs?: number;
  /** Told of each delivery attempt (never its body or secret). */
  readonly onAttempt?: (attempt: AttemptReport) => void;
  /** Told of a worker round that failed (the database unreachable): it carries on. */
  readonly onError?: (cause: unknown) => void;
}

export interface WorkspaceParts {
  readonly persistence: Persistence;
  readonly clock?: Clock;
  readonly reportBackgroundFailure?: BackgroundFailureReporter;
  readonly syncRetentionDays?: number;
  readonly webhooks?: WebhookOptions & {
    readonly sender?: WebhookSender;
    /** The requests of a server over the workspace, which deliveries yield to. */
    readonly yieldTo?: RequestActivity;
  };
}

/**
 * A workspace and what a server over it needs beside its public face: the admission of each request
 * (`admit`, the same as every key session's call), and the store where the answers to idempotent
 * requests are kept, in the workspace's database.
 */
export interface ServedWorkspace extends Workspace {
  readonly admit: TransportAdmission;
  readonly idempotency: IdempotencyStore;
}

/** The workspace over an opened persistence: what `openWorkspace` builds, and what tests build on their adapters. */
export const createWorkspace = (parts: WorkspaceParts): ServedWorkspace => {
  const { clock } = parts;
  if (clock !== undefined) parts.persistence.deliveryJobs?.timeBy(() => clock.now().getTime());
  return workspaceOver(parts);
};

/** The worker that sends the workspace's webhooks, started now and woken by every commit; or none. */
const startWebhookWorker = (
  parts: WorkspaceParts,
  steps: BuiltWorkspace['webhookSteps'],
): WebhookWorker | undefined => {
  const options = parts.webhooks ?? {};
  if (options.deliver === false) return undefined;
  const onError = options.onError === undefined ? {} : { onError: options.onError };
  const { deliveryJobs } = parts.persistence;
  const lane =
    deliveryJobs === undefined
      ? new PolledDeliveries(steps.deliver, {
          ...onError,
          ...(parts.clock === undefined ? {} : { now: () => parts.clock?.now().getTime() ?? Date.now() }),
        })
      : new QueuedDeliveries(deliveryJobs, steps.deliver, options.yieldTo);
  const worker = new WebhookWorker(steps.dispatch, lane, {
    ...(options.pollMs === undefined ? {} : { pollMs: options.pollMs }),
    ...onError,
  });
  parts.persistence.commits.subscribe(() => worker.committed());
  worker.start();
  return worker;
};

const workspaceOver = (parts: WorkspaceParts): ServedWorkspace => {
  let worker: WebhookWorker | undefined;
  const webhooks = parts.webhooks ?? {};
  const { useCases, webhookSteps } = buildUseCases(
    {
      ...parts,
      webhooks: {
        policy: {
          allowHttp: webhooks.allowHttp ?? false,
          allowPrivate: webhooks.allowPrivateTargets ?? false,
        },
        ...(webhooks.sender === undefined ? {} : { sender: webhooks.sender }),
        ...(webhooks.onAttempt === undefined ? {} : { reportAttempt: webhooks.onAttempt }),
        ...(webhooks.maxPerUser === undefined ? {} : { maxPerUser: webhooks.maxPerUser }),
      },
    },
    () => worker?.wake(),
  );
  worker = startWebhookWorker(parts, webhookSteps);
  let closing: Promise<void> | undefined;
  const isOpen: IsOpen = () => closing === undefined;
  const inFlight = new CallsInFlight();
  /**
   * A host's call: counted while under way (`close()` waits for it), and answered as the host's own
   * copy (CONTRACT §9: no answer shares an object with a store or cache).
   */
  const forHost = <Err, A>(work: () => Promise<E.Either<Err, A>>) =>
    inFlight.run(isOpen, work).then(hostCopy);
  /** A session for a host: its calls counted and copied, its batches its own (`asSessionOf`). */
  const hostSession = <S extends object>(session: S): S => {
    const asOwner = asSessionOf(session);
    return aroundCalls(session, (call, kind) => forHost(() => asOwner(call, kind)));
  };
  return {
    actingAs: (userId) => hostSession(userSession(useCases, userId, isOpen)),
    authenticate: (apiKey) =>
      inFlight.run(
        isOpen,
        pipe(
          useCases.keys.authenticate.execute(apiKey),
          TE.map((principal) => hostSession(keySession(useCases, apiKey, principal, isOpen))),
        ),
      ),
    users: {
      create: (input) =>
        forHost(
          pipe(
            TE.fromEither(decodeWith(createUserInput)(input)),
            TE.flatMap((body) => useCases.users.create.execute(body)),
          ),
        ),
      find: (nameOrId) => forHost(useCases.users.find.execute(nameOrId)),
      list: () => forHost(useCases.users.list.execute()),
    },
    keys: {
      create: (input) =>
        forHost(
          pipe(
            TE.fromEither(decodeWith(createApiKeyInput)(input)),
            TE.flatMap((body) => useCases.keys.create.execute(body)),
          ),
        ),
      list: (userId) => forHost(useCases.keys.list.execute(userId)),
      revoke: (keyId) => forHost(useCases.keys.revoke.execute(keyId)),
      rotate: (keyId, graceMs) => forHost(useCases.keys.rotate.execute(keyId, graceMs)),
    },
    calendar: (token, known) => forHost(useCases.calendarFeeds.read.execute(token, known)),
    isHealthy: async () => isOpen() && (await parts.persistence.health.isHealthy()),
    close: () => {
      // The host's calls under way settle first; then the worker's attempts on their way (each within
      // the delivery timeout; pending ones wait in the database).
      closing ??= inFlight
        .settled()
        .then(() => worker?.stop())
        .then(() => parts.persistence.close());
      return closing;
    },
    admit: transportAdmission(useCases, isOpen),
    idempotency: parts.persistence.idempotency,
  };
};

/** The server's `DB_STATEMENT_TIMEOUT_S` default, for hosts too. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** An option read as the server reads its variable; one it cannot read is a `StartupError`, as any failure to open is. */
const inHostTerms = <T>(read: () => T): T => {
  try {
    return read();
  } catch (error) {
    throw error instanceof ConfigError ? new StartupError(error.message) : error;
  }
};

/** The `database` option parsed. */
const databaseOf = (url: string): DatabaseConfig =>
  inHostTerms(() => parseDatabaseUrl(url, 'the database URL'));

/** The `sqliteSynchronous` option checked: a host in plain JavaScript may pass anything. */
const sqliteSynchronousOf = (value: unknown): SqliteSynchronous | undefined =>
  value === undefined ? undefined : inHostTerms(() => oneOf('sqliteSynchronous', value, SQLITE_SYNCHRONOUS));

/**
 * Opens the database named by `database`, applies pending migrations, and wires the workspace.
 * Rejects with a `StartupError` (one line, password hidden) when the database cannot be opened.
 */
export const openWorkspace = (options: WorkspaceOptions): Promise<Workspace> => openServedWorkspace(options);

/** `openWorkspace`, with what a server over the workspace needs beside its public face. */
export const openServedWorkspace = async (options: WorkspaceOptions): Promise<ServedWorkspace> => {
  // Before any database driver loads: on an older Node, SQLite's crashes the whole process.
  const oldNode = unsupportedNodeForHost(process.version);
  if (oldNode !== null) throw new StartupError(oldNode);
  checkWorkspaceOptions(options);
  const persistence = await openPersistence(databaseOf(options.database), {
    migrate: options.migrate ?? true,
    connectTimeoutMs: options.connectTimeoutMs ?? 30_000,
    statementTimeoutMs: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    sqliteSynchronous: sqliteSynchronousOf(options.sqliteSynchronous),
    observeQuery: options.observeQuery,
    keyCacheMs: options.apiKeyCacheMs,
    reportBackgroundFailure: options.reportBackgroundFailure,
    onConnectRetry: options.onConnectRetry,
    createDatabase: options.createDatabase,
  });
  return createWorkspace({
    persistence,
    clock: options.clock,
    reportBackgroundFailure: options.reportBackgroundFailure,
    ...(options.syncRetentionDays === undefined ? {} : { syncRetentionDays: options.syncRetentionDays }),
    ...(options.webhooks === undefined ? {} : { webhooks: options.webhooks }),
  });
};
