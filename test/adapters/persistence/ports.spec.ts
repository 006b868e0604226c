import { ALL_HARNESSES } from '../../support/persistence-harness.js';
import { unitOfWorkContract } from './ports/unit-of-work.contract.js';

/** Every port of every persistence adapter, in domain terms: one contract per port. */
for (const harness of ALL_HARNESSES) {
  unitOfWorkContract(harness);
}
