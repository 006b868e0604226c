import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type Conflict,
  conflict,
  type InfrastructureError,
  type NotFound,
  notFound,
  type PreconditionFailed,
  preconditionFailed,
} from '../shared/errors.js';
import { holds, type Precondition } from '../shared/precondition.js';
import type { RecordKind } from './record-kind.js';

export type DeleteRecordError<C extends string> =
  | NotFound
  | Conflict<C>
  | PreconditionFailed
  | InfrastructureError;

/** Deletes one of the caller's records; one that others still point at is a conflict (archive it instead). */
export class DeleteRecord<F extends object, C extends string> {
  constructor(
    private readonly kind: RecordKind<F, C>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(
    actor: Actor,
    id: number,
    precondition?: Precondition<Stored<F>>,
  ): TE.TaskEither<DeleteRecordError<C>, { readonly id: number }> {
    return this.unitOfWork.run(
      async (
        repositories,
      ): Promise<E.Either<NotFound | Conflict<C> | PreconditionFailed, { readonly id: number }>> => {
        const repository = this.kind.repository(repositories);
        const record = await repository.findOwnedForUpdate(actor.userId, id);
        if (record === null) return E.left(notFound(this.kind.resource));
        if (!holds(precondition, record)) return E.left(preconditionFailed);
        const { inUseCode } = this.kind;
        if (inUseCode !== undefined && (await repositories.usage.isReferenced(this.kind.resource, id))) {
          return E.left(
            conflict(
              inUseCode,
              `The ${this.kind.resource} is still referenced by other records; archive it instead (active: 0).`,
            ),
          );
        }
        await repository.delete(id);
        return E.right({ id });
      },
    );
  }
}
