import type { MikroORM } from '@mikro-orm/sql';
import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Repositories, UnitOfWork } from '../../../application/ports/unit-of-work.port.js';
import { type InfrastructureError, infrastructureError } from '../../../application/shared/errors.js';
import { classifyDatabaseFailure } from './database-failure.js';
import { mikroOrmRepositories } from './mikro-orm-repositories.js';
import type { SqlDialect } from './sql-dialect.js';

/** Thrown out of `transactional` so MikroORM rolls back; the Left itself is kept aside. */
class Rollback extends Error {}

/** One forked EntityManager and one database transaction per run. */
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(
    private readonly orm: MikroORM,
    private readonly dialect: SqlDialect,
  ) {}

  run<Err, A>(
    work: (repositories: Repositories) => Promise<E.Either<Err, A>>,
  ): TE.TaskEither<Err | InfrastructureError, A> {
    return async () => {
      let rejected: E.Left<Err> | undefined;
      try {
        return await this.orm.em.fork().transactional(async (em) => {
          const outcome = await work(mikroOrmRepositories(em, this.dialect));
          if (E.isLeft(outcome)) {
            rejected = outcome;
            throw new Rollback('rolled back');
          }
          return outcome;
        });
      } catch (error) {
        if (rejected !== undefined) return rejected;
        return E.left(infrastructureError(classifyDatabaseFailure(error)));
      }
    };
  }
}
