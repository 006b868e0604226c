import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type {
  Repositories,
  TogetherOptions,
  UnitOfWork,
} from '../../../application/ports/unit-of-work.port.js';
import { type InfrastructureError, infrastructureError } from '../../../application/shared/errors.js';
import { ChangeRecorder } from '../change-recorder.js';
import type { CommitSignal } from '../commit-signal.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import { inMemoryRepositories } from './in-memory-repositories.js';
import { handedOut } from './paging.js';

export class InMemoryUnitOfWork implements UnitOfWork {
  constructor(
    private readonly database: InMemoryDatabase,
    /** Raised once a transaction that changed records has committed. */
    private readonly commits?: CommitSignal,
  ) {}

  run<Err, A>(
    work: (repositories: Repositories) => Promise<E.Either<Err, A>>,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      try {
        const result = await this.database.transaction(async (draft, onCommit) => {
          const changes = new ChangeRecorder();
          const outcome = await work(
            inMemoryRepositories(draft, changes, (userId) => this.database.changeLog.latestSeqNow(userId)),
          );
          const commit = E.isRight(outcome);
          // Appended as the draft replaces the state (inside a batch, as the batch's does), with
          // nothing awaited in between.
          onCommit(() => {
            this.database.changeLog.append(changes, new Date());
            if (!changes.isEmpty) queueMicrotask(() => this.commits?.committed());
          });
          // What the work answers is often a stored object itself (the task just saved): the caller
          // gets a copy, so that changing it cannot change the store.
          return { commit, value: commit ? handedOut(outcome) : outcome };
        });
        return result;
      } catch (cause) {
        return E.left(infrastructureError(cause));
      }
    };
  }

  together<Err, A>(
    work: () => Promise<E.Either<Err, A>>,
    options?: TogetherOptions,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      try {
        return await this.database.together(async () => {
          const outcome = await work();
          return { commit: E.isRight(outcome), value: outcome };
        }, options);
      } catch (cause) {
        return E.left(infrastructureError(cause));
      }
    };
  }
}
