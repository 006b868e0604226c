import { CommitSignal } from '../commit-signal.js';
import type { Persistence } from '../persistence.js';
import { InMemoryApiKeyStore } from './in-memory-api-key-store.js';
import { InMemoryCurrentRecords } from './in-memory-current-records.js';
import { InMemoryDatabase } from './in-memory-database.js';
import { InMemoryExportReader } from './in-memory-export-reader.js';
import { InMemoryIdempotencyStore } from './in-memory-idempotency-store.js';
import { InMemoryRecordReadModel } from './in-memory-record-read-model.js';
import { InMemoryReportReadModel } from './in-memory-report-read-model.js';
import { InMemoryTaskReadModel } from './in-memory-task-read-model.js';
import { InMemoryUnitOfWork } from './in-memory-unit-of-work.js';

export interface InMemoryPersistence extends Persistence {
  /** The store itself, so tests can seed records whose CRUD does not exist yet. */
  readonly database: InMemoryDatabase;
}

export const openInMemoryPersistence = (): InMemoryPersistence => {
  const database = new InMemoryDatabase();
  const commits = new CommitSignal();
  return {
    database,
    commits,
    unitOfWork: new InMemoryUnitOfWork(database, commits),
    taskReadModel: new InMemoryTaskReadModel(database),
    recordReadModel: new InMemoryRecordReadModel(database),
    reportReadModel: new InMemoryReportReadModel(database),
    exportReader: new InMemoryExportReader(database),
    changeLog: database.changeLog,
    currentRecords: new InMemoryCurrentRecords(database),
    apiKeyStore: new InMemoryApiKeyStore(database),
    idempotency: new InMemoryIdempotencyStore(),
    health: { isHealthy: async () => true },
    close: async () => undefined,
  };
};
