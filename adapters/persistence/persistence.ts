import type { ApiKeyStore } from '../../application/ports/api-key-store.port.js';
import type { ChangeLogReader } from '../../application/ports/change-log.port.js';
import type { CurrentRecords } from '../../application/ports/current-records.port.js';
import type { HealthCheck } from '../../application/ports/health-check.port.js';
import type { RecordReadModel } from '../../application/ports/record-read-model.port.js';
import type { ReportReadModel } from '../../application/ports/report-read-model.port.js';
import type { TaskReadModel } from '../../application/ports/task-read-model.port.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.port.js';
import type { WorkspaceExportReader } from '../../application/ports/workspace-export.port.js';
import type { CommitSignal } from './commit-signal.js';
import type { DeliveryJobQueue } from './delivery-jobs.js';

/** A connection pool's state, for the metrics. */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  /** Requests waiting for a connection. */
  readonly waiting: number;
}

/** Hits per bucket in fixed windows, shared by every instance on the same database. */
export interface WindowCounter {
  hit(bucket: string, windowMs: number): Promise<{ readonly hits: number; readonly resetInMs: number }>;
}

/** The answer to a POST, kept to be replayed to a retry with the same Idempotency-Key. */
export interface StoredResponse {
  readonly status: number;
  /** The JSON body as sent. */
  readonly body: string;
  /** The answer's own headers (e.g. `location`), not the per-request ones. */
  readonly headers: Readonly<Record<string, string>>;
}

/** What `claim` found: the key is now the caller's, or it is held, or it already has an answer. */
export type IdempotencyClaim =
  | { readonly kind: 'claimed' }
  /** The first request with this key is still running. */
  | { readonly kind: 'running' }
  /** The key was used with another request (another fingerprint). */
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'completed'; readonly response: StoredResponse };

export interface IdempotencyTiming {
  readonly now: number;
  /** How long an entry (and its answer) is kept, from the first request. */
  readonly ttlMs: number;
  /** A running entry older than this is taken to be abandoned (its process died) and may be claimed again. */
  readonly leaseMs: number;
}

/** Whether a held key gives way to a new claim: its answer expired, or its request is past the lease. */
export const hasLapsed = (
  entry: { readonly startedAt: number; readonly expiresAt: number; readonly running: boolean },
  timing: IdempotencyTiming,
): boolean =>
  entry.expiresAt <= timing.now || (entry.running && entry.startedAt <= timing.now - timing.leaseMs);

/**
 * Idempotency keys in the database, per owner: at most one request holds a key at a time, across
 * every instance on the database, and its answer is kept for replay.
 */
export interface IdempotencyStore {
  claim(
    ownerId: number,
    key: string,
    fingerprint: string,
    timing: IdempotencyTiming,
  ): Promise<IdempotencyClaim>;
  /** Keeps the answer of the claimed request. */
  complete(ownerId: number, key: string, response: StoredResponse): Promise<void>;
  /** Gives up a claim without an answer (the request failed with a 5xx): a retry runs again. */
  release(ownerId: number, key: string): Promise<void>;
}

/** What a storage adapter provides: the write side, the read side, and its lifecycle. */
export interface Persistence {
  readonly unitOfWork: UnitOfWork;
  readonly taskReadModel: TaskReadModel;
  readonly recordReadModel: RecordReadModel;
  readonly reportReadModel: ReportReadModel;
  readonly exportReader: WorkspaceExportReader;
  readonly changeLog: ChangeLogReader;
  readonly currentRecords: CurrentRecords;
  readonly apiKeyStore: ApiKeyStore;
  readonly health: HealthCheck;
  /** Present where the adapter pools connections (PostgreSQL). */
  readonly poolStats?: () => PoolStats;
  /** Present where several instances can share the database (PostgreSQL): rate limits count here. */
  readonly windowCounter?: WindowCounter;
  readonly idempotency: IdempotencyStore;
  /** Raised after every commit that changed records. */
  readonly commits: CommitSignal;
  /** Present where several instances can share the database (PostgreSQL): deliveries go through jobs. */
  readonly deliveryJobs?: DeliveryJobQueue;
  close(): Promise<void>;
}
