import { ALL_HARNESSES } from '../../support/persistence-harness.js';
import { persistenceContract } from './persistence.contract.js';

for (const harness of ALL_HARNESSES) persistenceContract(harness);
