import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type ApiKeyInfo, keyInfo } from '../../domain/api-key/api-key.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';

export type RevokeApiKeyError = NotFound | InfrastructureError;

/**
 * Revokes a key at once; revoking twice keeps the first revocation time. A key rotated with a grace
 * period (revoked at a later time) is revoked now.
 */
export class RevokeApiKey {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(keyId: number): TE.TaskEither<RevokeApiKeyError, ApiKeyInfo> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, ApiKeyInfo>> => {
      const key = isRecordId(keyId) ? await repositories.apiKeys.findById(keyId) : null;
      if (key === null) return E.left(notFound('api key'));
      const revokedAt = this.clock.now();
      if (key.revokedAt !== null && key.revokedAt.getTime() <= revokedAt.getTime())
        return E.right(keyInfo(key));
      await repositories.apiKeys.revoke(keyId, revokedAt);
      return E.right(keyInfo({ ...key, revokedAt }));
    });
  }
}
