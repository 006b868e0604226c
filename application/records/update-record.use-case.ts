import * as E from 'fp-ts/lib/Either.js';
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
import * as seq from '../shared/sequence.js';
import { checkedFields } from './checked-fields.js';
import type { RecordKind } from './record-kind.js';

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
    input: unknown,
    precondition?: Precondition<Stored<F>>,
  ): TE.TaskEither<UpdateRecordError, Stored<F>> {
    return pipe(
      TE.fromEither(this.kind.decodeUpdate(input)),
      seq.flatMap((changes) =>
        this.unitOfWork.run(
          async (
            repositories,
          ): Promise<E.Either<Exclude<UpdateRecordError, InfrastructureError>, Stored<F>>> => {
            const repository = this.kind.repository(repositories);
            const record = await repository.findOwnedForUpdate(actor.userId, id);
            if (record === null) return E.left(notFound(this.kind.resource));
            if (!holds(precondition, record)) return E.left(preconditionFailed);
            const fields = await checkedFields(this.kind, repositories, actor.userId, record, changes);
            if (E.isLeft(fields)) return fields;
            if (!changedFields(record, fields.right)) return E.right(record);
            const updated: Stored<F> = { ...record, ...fields.right, updatedAt: this.clock.now() };
            await repository.update(updated);
            return E.right(updated);
          },
        ),
      ),
    );
  }
}
