import type { ApiKeyStore } from '../../application/ports/api-key-store.port.js';
import type { HealthCheck } from '../../application/ports/health-check.port.js';
import type { RecordReadModel } from '../../application/ports/record-read-model.port.js';
import type { TaskReadModel } from '../../application/ports/task-read-model.port.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.port.js';

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

/** What a storage adapter provides: the write side, the read side, and its lifecycle. */
export interface Persistence {
  readonly unitOfWork: UnitOfWork;
  readonly taskReadModel: TaskReadModel;
  readonly recordReadModel: RecordReadModel;
  readonly apiKeyStore: ApiKeyStore;
  readonly health: HealthCheck;
  /** Present where the adapter pools connections (PostgreSQL). */
  readonly poolStats?: () => PoolStats;
  /** Present where several instances can share the database (PostgreSQL): rate limits count here. */
  readonly windowCounter?: WindowCounter;
  close(): Promise<void>;
}
