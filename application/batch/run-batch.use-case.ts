import type * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { TogetherOptions, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { InfrastructureError } from '../shared/errors.js';

/**
 * A batch (CONTRACT §11): work whose every call commits together, or none of it. The calls are the
 * same use cases, each checked and answered as alone: a batch adds no rule of its own.
 */
export class RunBatch {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** `work` as one transaction: everything it runs commits together, or nothing when it answers Left. */
  together<Err, A>(
    work: () => Promise<E.Either<Err, A>>,
    options?: TogetherOptions,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return this.unitOfWork.together(work, options);
  }
}
