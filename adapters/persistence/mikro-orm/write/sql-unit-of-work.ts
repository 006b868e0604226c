import { TransactionPropagation } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type {
  Repositories,
  TogetherOptions,
  UnitOfWork,
} from '../../../../application/ports/unit-of-work.port.js';
import { type InfrastructureError, infrastructureError } from '../../../../application/shared/errors.js';
import type { CommitSignal } from '../../commit-signal.js';
import type { DeliveryJobQueue } from '../../delivery-jobs.js';
import { classifyDatabaseFailure, lostRace } from '../database-failure.js';
import { type Executor, ormExecutor, passThrough, statementsOf } from '../orm-runner.js';
import type { ApiKeyCache } from '../read/api-key-cache.js';
import type { SqlDialect } from '../sql-dialect.js';
import { appendChanges } from './change-log-writer.js';
import { sqlRepositories } from './sql-repositories.js';

/** Thrown out of the transaction so it rolls back; the Left itself is kept aside. */
class Rollback extends Error {}

/** Thrown out of an all-or-nothing batch whose work answered as if a failed part did not matter. */
class PartFailed extends Error {}

/** Thrown out of a batch one of whose units lost a race (its transaction is aborted): read as one. */
class LostRace extends Error {
  readonly code = '40P01';
}

/**
 * How many times a transaction that PostgreSQL aborted to settle a race (a deadlock) is run: the
 * database lets one side through, and the other passes when run again, unless the race is lost each
 * time; then it answers `Unavailable` (503, retry later).
 */
const MOST_RUNS = 3;

/**
 * A pause before the next run, random and growing with each run, so that the writers that raced do
 * not start again together and race the same way.
 */
const beforeRunning = (runs: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** runs));

/** A run that lost a race, and why (the answer if no run wins it). */
interface Raced {
  readonly _tag: 'Raced';
  readonly cause: unknown;
}

const raced = (cause: unknown): Raced => ({ _tag: 'Raced', cause });

/** `unit` once the units of `batch` asked for before it are done. */
const inTurn = <A>(batch: Batch, unit: () => Promise<A>): Promise<A> => {
  const mine = batch.turn.then(unit);
  batch.turn = mine.catch(() => undefined);
  return mine;
};

/** A batch (`together`) while it runs: what its units leave for its commit. */
interface Batch {
  readonly allOrNothing: boolean;
  /** Set once a unit failed in an all-or-nothing batch: it cannot commit. */
  failed: boolean;
  /** Set once a unit lost a race: the batch's transaction is aborted, and may be run again. */
  raced: boolean;
  /**
   * Settles once the units asked for so far are done: each unit waits for it. Units share the
   * batch's connection, and each is a savepoint: two at once would interleave their statements, and
   * one rolling back to its savepoint would take the other's writes with it.
   */
  turn: Promise<unknown>;
  /** What to do once the outermost transaction commits. */
  readonly afterCommit: (() => void)[];
}

/**
 * Units of work as MikroORM transactions (`em.transactional`). Inside a batch, MikroORM's own
 * transaction context joins them: each unit is a savepoint of the batch's transaction (propagation
 * `nested`), or, in an all-or-nothing batch, part of it with no savepoint (`required`). What a unit
 * does after its commit (dropping revoked keys, telling the webhook worker) waits for the outermost
 * commit, and is dropped if it never comes.
 */
export class SqlUnitOfWork implements UnitOfWork {
  /** Batches by the entity manager of their transaction, as MikroORM's context hands it over. */
  private readonly batches = new WeakMap<object, Batch>();

  constructor(
    /** The global entity manager: its context is the transaction of the batch a call runs in, if any. */
    private readonly em: SqlEntityManager,
    private readonly dialect: SqlDialect,
    /** Wraps each transaction's connection, e.g. to time its statements. */
    private readonly decorate: (tx: Executor) => Executor = (tx) => tx,
    /** Keys read for requests: a key revoked here is dropped from it. */
    private readonly keyCache?: ApiKeyCache,
    /** Raised once a transaction that changed records has committed. */
    private readonly commits?: CommitSignal,
    /** Where deliveries' attempts are queued, if not in their table alone. */
    private readonly deliveryJobs?: DeliveryJobQueue,
  ) {}

  /** The batch the caller runs in, if any. */
  private currentBatch(): Batch | undefined {
    return this.batches.get(this.em.getContext(false));
  }

  /** Runs `action` now, or with the commit of the batch the caller runs in. */
  private afterCommit(batch: Batch | undefined, action: () => void): void {
    if (batch === undefined) action();
    else batch.afterCommit.push(action);
  }

  run<Err, A>(
    work: (repositories: Repositories) => Promise<E.Either<Err, A>>,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      const batch = this.currentBatch();
      if (batch !== undefined) {
        const outcome = await inTurn(batch, () => this.runOnce(work, batch));
        if (outcome._tag !== 'Raced') return outcome;
        // The race aborted the batch's transaction: the batch decides whether to run again.
        batch.raced = true;
        return E.left(infrastructureError(classifyDatabaseFailure(outcome.cause)));
      }
      for (let runs = 1; ; runs += 1) {
        const outcome = await this.runOnce(work, undefined);
        if (outcome._tag !== 'Raced') return outcome;
        if (runs >= MOST_RUNS) return E.left(infrastructureError(classifyDatabaseFailure(outcome.cause)));
        await beforeRunning(runs);
      }
    };
  }

  private async runOnce<Err, A>(
    work: (repositories: Repositories) => Promise<E.Either<Err, A>>,
    batch: Batch | undefined,
  ): Promise<E.Either<Err | InfrastructureError, A> | Raced> {
    let rejected: E.Left<Err> | undefined;
    let revokedKeys: readonly number[] = [];
    let changed = false;
    try {
      const committed = await this.em.transactional(
        async (em) => {
          const executor = this.decorate(ormExecutor(em, 'write', this.dialect));
          const statements = statementsOf(executor);
          const repositories = sqlRepositories(
            passThrough(executor, this.dialect),
            statements,
            this.dialect,
            this.deliveryJobs,
          );
          revokedKeys = repositories.revokedKeys;
          const outcome = await work(repositories);
          if (E.isLeft(outcome)) {
            rejected = outcome;
            throw new Rollback('rolled back');
          }
          await appendChanges(statements, this.dialect, repositories.changes, Date.now());
          changed = !repositories.changes.isEmpty;
          return outcome;
        },
        {
          propagation: batch?.allOrNothing ? TransactionPropagation.REQUIRED : TransactionPropagation.NESTED,
        },
      );
      this.afterCommit(batch, () => {
        // Dropped once committed: a request until then may have read (and kept) the key as it was;
        // a read still in flight is not kept (`ApiKeyCache.mark`).
        for (const id of revokedKeys) this.keyCache?.forget(id);
        if (changed) this.commits?.committed();
      });
      return committed;
    } catch (error) {
      if (batch?.allOrNothing) batch.failed = true;
      if (rejected !== undefined) return rejected;
      if (lostRace(error)) return raced(error);
      return E.left(infrastructureError(classifyDatabaseFailure(error)));
    }
  }

  together<Err, A>(
    work: () => Promise<E.Either<Err, A>>,
    options?: TogetherOptions,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      const enclosing = this.currentBatch();
      for (let runs = 1; ; runs += 1) {
        const outcome =
          enclosing === undefined
            ? await this.togetherOnce(work, options, undefined)
            : await inTurn(enclosing, () => this.togetherOnce(work, options, enclosing));
        if (outcome._tag !== 'Raced') return outcome;
        if (enclosing !== undefined) enclosing.raced = true;
        if (enclosing !== undefined || options?.rerunnable !== true || runs >= MOST_RUNS)
          return E.left(infrastructureError(classifyDatabaseFailure(outcome.cause)));
        await beforeRunning(runs);
      }
    };
  }

  private async togetherOnce<Err, A>(
    work: () => Promise<E.Either<Err, A>>,
    options: TogetherOptions | undefined,
    enclosing: Batch | undefined,
  ): Promise<E.Either<Err | InfrastructureError, A> | Raced> {
    const batch: Batch = {
      allOrNothing: options?.allOrNothing ?? enclosing?.allOrNothing ?? false,
      failed: false,
      raced: false,
      turn: Promise.resolve(),
      afterCommit: [],
    };
    let rejected: E.Left<Err> | undefined;
    try {
      const committed = await this.em.transactional(async (em) => {
        this.batches.set(em, batch);
        const outcome = await work();
        if (batch.raced) throw new LostRace('a unit of the batch lost a race');
        if (E.isLeft(outcome)) {
          rejected = outcome;
          throw new Rollback('rolled back');
        }
        if (batch.failed) throw new PartFailed('a part of an all-or-nothing batch failed');
        return outcome;
      });
      this.afterCommit(enclosing, () => {
        for (const action of batch.afterCommit) action();
      });
      return committed;
    } catch (error) {
      if (lostRace(error)) return raced(error);
      if (rejected !== undefined) return rejected;
      return E.left(infrastructureError(classifyDatabaseFailure(error)));
    }
  }
}
