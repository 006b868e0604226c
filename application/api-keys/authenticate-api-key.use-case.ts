import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { API_KEY_PATTERN, isUsable, needsLastUsedTouch } from '../../domain/api-key/api-key.js';
import type { Scope } from '../../domain/api-key/scope.js';
import type { UserId } from '../../domain/task/task.js';
import type { ApiKeySecrets } from '../ports/api-key-secrets.port.js';
import type { ApiKeyStore } from '../ports/api-key-store.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { InfrastructureError, Unauthenticated } from '../shared/errors.js';

export type AuthenticateError = Unauthenticated | InfrastructureError;

import { query } from '../shared/read.js';

export interface Principal {
  readonly userId: UserId;
  readonly keyId: number;
  readonly scopes: readonly Scope[];
}

/**
 * Turns a presented key into the principal behind it. Malformed, unknown, revoked and expired keys
 * all fail the same way. `last_used_at` is refreshed at most once a minute, without waiting for it.
 */
export class AuthenticateApiKey {
  constructor(
    private readonly store: ApiKeyStore,
    private readonly secrets: ApiKeySecrets,
    private readonly clock: Clock,
    private readonly onTouchFailure: (cause: unknown) => void,
  ) {}

  execute(presented: string | undefined): TE.TaskEither<AuthenticateError, Principal> {
    if (presented === undefined || presented === '')
      return TE.left({ _tag: 'Unauthenticated', reason: 'missing' });
    if (!API_KEY_PATTERN.test(presented)) return TE.left({ _tag: 'Unauthenticated', reason: 'invalid' });
    const now = this.clock.now();
    return pipe(
      query(() => this.store.findByDigest(this.secrets.digest(presented))),
      TE.flatMap((key) =>
        key !== null && isUsable(key, now)
          ? TE.right(key)
          : TE.left<AuthenticateError>({ _tag: 'Unauthenticated', reason: 'invalid' }),
      ),
      TE.tap((key) => {
        if (needsLastUsedTouch(key, now))
          this.store
            .touchLastUsed(key.id, now)
            .catch((cause: unknown) =>
              this.onTouchFailure(new Error('could not record last_used_at', { cause })),
            );
        return TE.right(undefined);
      }),
      TE.map((key) => ({ userId: key.userId, keyId: key.id, scopes: key.scopes })),
    );
  }
}
