import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type {
  Repositories,
  TogetherOptions,
  UnitOfWork,
} from '../../../../application/ports/unit-of-work.port.js';
import { type InfrastructureError, infrastructureError } from '../../../../application/shared/errors.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import type { CommitSignal } from '../../commit-signal.js';
import type { DeliveryJobQueue } from '../../delivery-jobs.js';
import { classifyDatabaseFailure } from '../database-failure.js';
import type { ApiKeyCache } from '../read/api-key-cache.js';
import type { SqlRunner } from '../read/sql-runner.js';
import type { SqlDialect } from '../sql-dialect.js';
import { appendChanges, changeLogCollector } from './change-log-writer.js';
import { HeldTaskCreates } from './held-task-creates.js';
import type { HeldKind } from './held-writes.js';
import type { CommitCollector } from './joined-transactions.js';
import { KnownUsers, sqlRepositories } from './sql-repositories.js';
import type { SqlTransactions } from './sql-transactions.js';

/** Thrown out of the transaction so it rolls back; the Left itself is kept aside. */
class Rollback extends Error {}

/** One database transaction per run, with every repository bound to it. */
export class SqlUnitOfWork implements UnitOfWork {
  constructor(
    private readonly transactions: SqlTransactions,
    private readonly dialect: SqlDialect,
    /** Wraps each transaction's connection, e.g. to time its statements. */
    private readonly decorate: (tx: SqlRunner) => SqlRunner = (tx) => tx,
    /** Keys read for requests: a key revoked here is dropped from it. */
    private readonly keyCache?: ApiKeyCache,
    /** Raised once a transaction that changed records has committed. */
    private readonly commits?: CommitSignal,
    /** Where deliveries' attempts are queued, if not in their table alone. */
    private readonly deliveryJobs?: DeliveryJobQueue,
  ) {
    this.changeLog = changeLogCollector(dialect);
  }

  private readonly knownUsers = new KnownUsers();
  /** The task creates of an all-or-nothing batch, written together (one per batch). */
  private readonly heldCreates: HeldKind<HeldTaskCreates> = (connection) =>
    new HeldTaskCreates(this.dialect, connection, this.decorate);
  /** Gathers the change log of a batch's units (one collector: a batch gathers under its identity). */
  private readonly changeLog: CommitCollector<ChangeRecorder>;

  run<Err, A>(
    work: (repositories: Repositories) => Promise<E.Either<Err, A>>,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      let rejected: E.Left<Err> | undefined;
      let revokedKeys: readonly number[] = [];
      let changed = false;
      try {
        const committed = await this.transactions.transaction(async (tx) => {
          const runner = this.decorate(tx);
          const repositories = sqlRepositories(
            runner,
            this.dialect,
            this.knownUsers,
            this.deliveryJobs,
            this.transactions.held(this.heldCreates),
          );
          revokedKeys = repositories.revokedKeys;
          const outcome = await work(repositories);
          if (E.isLeft(outcome)) {
            rejected = outcome;
            throw new Rollback('rolled back');
          }
          // Writes a repository kept back for fewer round trips go out before the commit.
          await repositories.writeKeptBack();
          // Last, so the user sequences it locks (PostgreSQL) are held only for the commit; in a
          // batch, with the batch's commit, each user's entries numbered once for all of its units.
          if (!this.transactions.collect(this.changeLog, repositories.changes))
            await appendChanges(runner, this.dialect, [repositories.changes], Date.now());
          changed = !repositories.changes.isEmpty;
          return outcome;
        });
        this.transactions.afterCommit(() => {
          // Dropped once committed: a request until then may have read (and kept) the key as it was;
          // a read still in flight is not kept (`ApiKeyCache.mark`).
          for (const id of revokedKeys) this.keyCache?.forget(id);
          if (changed) this.commits?.committed();
        });
        return committed;
      } catch (error) {
        if (rejected !== undefined) return rejected;
        return E.left(infrastructureError(classifyDatabaseFailure(error)));
      }
    };
  }

  together<Err, A>(
    work: () => Promise<E.Either<Err, A>>,
    options?: TogetherOptions,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      let rejected: E.Left<Err> | undefined;
      try {
        return await this.transactions.together(async () => {
          const outcome = await work();
          if (E.isLeft(outcome)) {
            rejected = outcome;
            throw new Rollback('rolled back');
          }
          return outcome;
        }, options);
      } catch (error) {
        if (rejected !== undefined) return rejected;
        return E.left(infrastructureError(classifyDatabaseFailure(error)));
      }
    };
  }
}
