import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type ApiKeyInfo, isUsable, keyInfo } from '../../domain/api-key/api-key.js';
import type { ApiKeySecrets } from '../ports/api-key-secrets.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { type Conflict, type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';
import { type CreatedApiKey, issueKey } from './create-api-key.use-case.js';

export type RotateApiKeyError = NotFound | Conflict<'API_KEY_NOT_USABLE'> | InfrastructureError;

export interface RotatedApiKey {
  /** The replacement: same user, scopes and expiry. */
  readonly created: CreatedApiKey;
  /** The old key, now revoked at the end of the grace period. */
  readonly replaced: ApiKeyInfo;
}

/** Longest grace period a rotation may give the old key. */
export const MAX_ROTATION_GRACE_MS = 30 * 86_400_000;

/**
 * Replaces a key with a new one of the same scopes and expiry, in one transaction. The old key keeps
 * working for `graceMs` (0: it stops at once), so clients can switch without an outage; a grace
 * shorter than an earlier scheduled revocation wins, never a longer one.
 */
export class RotateApiKey {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: ApiKeySecrets,
    private readonly clock: Clock,
  ) {}

  execute(keyId: number, graceMs: number): TE.TaskEither<RotateApiKeyError, RotatedApiKey> {
    return this.unitOfWork.run(
      async (repositories): Promise<E.Either<NotFound | Conflict<'API_KEY_NOT_USABLE'>, RotatedApiKey>> => {
        const key = isRecordId(keyId) ? await repositories.apiKeys.findById(keyId) : null;
        if (key === null) return E.left(notFound('api key'));
        const now = this.clock.now();
        if (!isUsable(key, now))
          return E.left({
            _tag: 'Conflict',
            code: 'API_KEY_NOT_USABLE',
            message: `Key ${keyId} is revoked or expired; create a new key instead of rotating it.`,
          });
        const graceEnds = new Date(now.getTime() + Math.min(Math.max(graceMs, 0), MAX_ROTATION_GRACE_MS));
        const revokedAt =
          key.revokedAt !== null && key.revokedAt.getTime() < graceEnds.getTime() ? key.revokedAt : graceEnds;
        const created = await issueKey(repositories, this.secrets, {
          userId: key.userId,
          scopes: key.scopes,
          createdAt: now,
          expiresAt: key.expiresAt,
        });
        await repositories.apiKeys.revoke(keyId, revokedAt);
        return E.right({ created, replaced: keyInfo({ ...key, revokedAt }) });
      },
    );
  }
}
