import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type ApiKeyInfo, keyInfo } from '../../domain/api-key/api-key.js';
import type { UserId } from '../../domain/task/task.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';

export type ListApiKeysError = NotFound | InfrastructureError;

/** A user's keys, without their digests (the keys themselves are never stored). */
export class ListApiKeys {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(userId: UserId): TE.TaskEither<ListApiKeysError, readonly ApiKeyInfo[]> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, readonly ApiKeyInfo[]>> => {
      if (!isRecordId(userId) || (await repositories.users.findById(userId)) === null)
        return E.left(notFound('user'));
      return E.right((await repositories.apiKeys.listByUser(userId)).map(keyInfo));
    });
  }
}
