import type { Stored } from '../../domain/workspace/records.js';
import type { CreateRecord } from './create-record.use-case.js';
import type { DeleteRecord } from './delete-record.use-case.js';
import type { GetRecord } from './get-record.use-case.js';
import type { RecordLister } from './list-records.use-case.js';
import type { UpdateRecord } from './update-record.use-case.js';

/** Every operation on one record type: `G` its create input and `L` its list query, as decoded. */
export interface RecordUseCases<F extends object, C extends string, G, L> {
  readonly create: CreateRecord<F, G>;
  readonly get: GetRecord<F>;
  readonly list: RecordLister<L, Stored<F>>;
  readonly update: UpdateRecord<F>;
  readonly delete: DeleteRecord<F, C>;
}
