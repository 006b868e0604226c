import type { Stored } from '../../domain/workspace/records.js';
import type { CreateRecord } from './create-record.use-case.js';
import type { DeleteRecord } from './delete-record.use-case.js';
import type { GetRecord } from './get-record.use-case.js';
import type { RecordLister } from './list-records.use-case.js';
import type { UpdateRecord } from './update-record.use-case.js';

/** Every operation on one record type. */
export interface RecordUseCases<F extends object, C extends string = never> {
  readonly create: CreateRecord<F>;
  readonly get: GetRecord<F>;
  readonly list: RecordLister<Stored<F>>;
  readonly update: UpdateRecord<F>;
  readonly delete: DeleteRecord<F, C>;
}
