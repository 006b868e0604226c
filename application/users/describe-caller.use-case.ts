import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type ApiKeyInfo, keyInfo } from '../../domain/api-key/api-key.js';
import type { User } from '../../domain/user/user.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';

/** Who is calling: their user, and the key the call came with (none for a host acting as a user). */
export interface Caller {
  readonly user: User;
  readonly key: ApiKeyInfo | null;
}

export type DescribeCallerError = NotFound | InfrastructureError;

/** What an integration checks first: whose key it holds, what it may do, and until when. */
export class DescribeCaller {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor): TE.TaskEither<DescribeCallerError, Caller> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, Caller>> => {
      const user = await repositories.users.findById(actor.userId);
      if (user === null) return E.left(notFound('user'));
      const key = actor.keyId === undefined ? null : await repositories.apiKeys.findById(actor.keyId);
      return E.right({ user, key: key === null ? null : keyInfo(key) });
    });
  }
}
