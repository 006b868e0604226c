import { ALL_HARNESSES } from '../../support/persistence-harness.js';
import { recordsContract } from './record-use-cases.contract.js';
import { persistenceContract } from './task-use-cases.contract.js';

for (const harness of ALL_HARNESSES) {
  persistenceContract(harness);
  recordsContract(harness);
}
