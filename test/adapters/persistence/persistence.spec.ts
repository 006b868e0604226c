import { ALL_HARNESSES } from '../../support/persistence-harness.js';
import { persistenceContract } from './persistence.contract.js';
import { recordsContract } from './records.contract.js';

for (const harness of ALL_HARNESSES) {
  persistenceContract(harness);
  recordsContract(harness);
}
