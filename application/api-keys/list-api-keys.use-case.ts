import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { ApiKey } from '../../domain/api-key/api-key.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { type AppError, notFound } from '../shared/errors.js';
import { findUserByNameOrId } from '../users/find-user.js';

/** A user's keys, without secrets (only digests are stored anyway). */
export class ListApiKeys {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(userNameOrId: string): TE.TaskEither<AppError, readonly ApiKey[]> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<AppError, readonly ApiKey[]>> => {
      const user = await findUserByNameOrId(repositories.users, userNameOrId);
      if (user === null) return E.left(notFound('user'));
      return E.right(await repositories.apiKeys.listByUser(user.id));
    });
  }
}
