import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type AppError, notFound } from '../shared/errors.js';
import type { RecordKind } from './record-kind.js';

/** Deletes one of the caller's records; one that others still point at is a 409 (archive it instead). */
export class DeleteRecord<F extends object> {
  constructor(
    private readonly kind: RecordKind<F>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, id: number): TE.TaskEither<AppError, { readonly id: number }> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<AppError, { readonly id: number }>> => {
      const repository = this.kind.repository(repositories);
      if ((await repository.findOwned(actor.userId, id)) === null)
        return E.left(notFound(this.kind.resource));
      const { inUse } = this.kind;
      if (inUse && (await repositories.usage.isReferenced(inUse.kind, id))) {
        return E.left({
          _tag: 'Conflict',
          code: inUse.code,
          message: `The ${this.kind.resource} is still referenced by other records; archive it instead (active: 0).`,
        });
      }
      await repository.delete(id);
      return E.right({ id });
    });
  }
}
