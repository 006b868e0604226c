import { ALL_HARNESSES } from '../../support/persistence-harness.js';
import { calendarFeedsContract } from './ports/calendar-feeds.contract.js';
import { changeLogContract } from './ports/change-log.contract.js';
import { currentRecordsContract } from './ports/current-records.contract.js';
import { exportReaderContract } from './ports/export-reader.contract.js';
import { gamificationContract } from './ports/gamification.contract.js';
import { idempotencyStoreContract } from './ports/idempotency.contract.js';
import { recordReadModelContract, recordRepositoryContract } from './ports/records.contract.js';
import { reportReadModelContract } from './ports/reports.contract.js';
import { taskReadModelContract } from './ports/task-read-model.contract.js';
import { taskRepositoryContract } from './ports/task-repository.contract.js';
import { unitOfWorkContract } from './ports/unit-of-work.contract.js';
import { usersAndKeysContract } from './ports/users-and-keys.contract.js';
import { webhookLogContract } from './ports/webhook-log.contract.js';

/** Every port of every persistence adapter, in domain terms: one contract per port. */
for (const harness of ALL_HARNESSES) {
  unitOfWorkContract(harness);
  taskRepositoryContract(harness);
  taskReadModelContract(harness);
  gamificationContract(harness);
  recordRepositoryContract(harness);
  recordReadModelContract(harness);
  reportReadModelContract(harness);
  usersAndKeysContract(harness);
  idempotencyStoreContract(harness);
  changeLogContract(harness);
  currentRecordsContract(harness);
  webhookLogContract(harness);
  calendarFeedsContract(harness);
  exportReaderContract(harness);
}
