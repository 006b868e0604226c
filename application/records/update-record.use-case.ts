import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InvalidReference,
  type NotFound,
  notFound,
  type PreconditionFailed,
  preconditionFailed,
  type ValidationFailed,
} from '../shared/errors.js';
import { holds, type Precondition } from '../shared/precondition.js';
import { checkedFields } from './checked-fields.js';
import type { RecordKind, Unplaced } from './record-kind.js';

export type UpdateRecordError =
  | ValidationFailed
  | InvalidReference
  | NotFound
  | PreconditionFailed
  | InfrastructureError;

const changedFields = (record: object, fields: object): boolean =>
  Object.entries(fields).some(
    ([key, value]) => Object.getOwnPropertyDescriptor(record, key)?.value !== value,
  );

/** Changes only the fields given; `{}` (or the same values again) writes nothing. */
export class UpdateRecord<F extends object> {
  constructor(
    private readonly kind: RecordKind<F>,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    id: number,
    changes: Partial<Unplaced<F>>,
    precondition?: Precondition<Stored<F>>,
  ): TE.TaskEither<UpdateRecordError, Stored<F>> {
    return this.unitOfWork.run((repositories) => {
      const repository = this.kind.repository(repositories);
      return pipe(
        TE.fromTask(() => repository.findOwnedForUpdate(actor.userId, id)),
        TE.flatMap(TE.fromNullable(notFound(this.kind.resource))),
        TE.filterOrElseW(
          (record) => holds(precondition, record),
          () => preconditionFailed,
        ),
        TE.flatMap((record) =>
          pipe(
            checkedFields(this.kind, repositories, actor.userId, record, changes),
            TE.flatMap((fields) => {
              if (!changedFields(record, fields)) return TE.right(record);
              const updated: Stored<F> = { ...record, ...fields, updatedAt: this.clock.now() };
              return TE.fromTask(() => repository.update(updated).then(() => updated));
            }),
          ),
        ),
      )();
    });
  }
}
