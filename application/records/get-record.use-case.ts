import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import type { CreatableKind } from './record-kind.js';

export type GetRecordError = NotFound | InfrastructureError;

/** One of the caller's records; another owner's is "not found", exactly like a missing one. */
export class GetRecord<F extends object> {
  constructor(
    /** What it reads: the session names a missing record by `kind.resource` too. */
    readonly kind: CreatableKind<F>,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  execute(actor: Actor, id: number): TE.TaskEither<GetRecordError, Stored<F>> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, Stored<F>>> => {
      const record = await this.kind.repository(repositories).findOwned(actor.userId, id);
      return record === null ? E.left(notFound(this.kind.resource)) : E.right(record);
    });
  }
}
