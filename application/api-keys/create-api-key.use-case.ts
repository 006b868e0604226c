import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import * as t from 'io-ts';
import { type ApiKey, type ApiKeyInfo, keyInfo } from '../../domain/api-key/api-key.js';
import { ALL_SCOPES, parseScope, type Scope } from '../../domain/api-key/scope.js';
import type { ApiKeySecrets } from '../ports/api-key-secrets.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import { failWith, object } from '../shared/codecs.js';
import { validationFailed } from '../shared/decode.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { instant, recordId } from '../shared/fields.js';
import { problem } from '../shared/validation-detail.js';

/** A non-empty list of scopes such as `tasks:*` or `clients:read`; an unknown one names the valid ones. */
class ScopeListCodec extends t.Type<readonly Scope[], unknown, unknown> {
  declare readonly _input: readonly string[];
  constructor() {
    super(
      'ScopeList',
      (u): u is readonly Scope[] =>
        Array.isArray(u) && u.length > 0 && u.every((s) => typeof s === 'string' && parseScope(s) === s),
      (u, c) => {
        if (!Array.isArray(u) || !u.every((s) => typeof s === 'string'))
          return failWith(u, c, problem('INVALID_TYPE', 'must be a list of scopes'));
        if (u.length === 0) return failWith(u, c, problem('REQUIRED', 'at least one scope is required'));
        const unknown = u.filter((s) => parseScope(s) === null);
        if (unknown.length > 0)
          return failWith(
            u,
            c,
            problem('INVALID_FORMAT', `unknown scope ${unknown.join(', ')}; valid: ${ALL_SCOPES.join(', ')}`),
          );
        return t.success([...new Set(u.map((s) => parseScope(s)).filter((s): s is Scope => s !== null))]);
      },
      (a) => a,
    );
  }
}

export const createApiKeyInput = object(
  'CreateApiKeyInput',
  {
    userId: recordId('UserId'),
    scopes: new ScopeListCodec(),
    expiresAt: instant('ExpiresAt', 'When the key stops working; never when absent'),
  },
  { required: ['userId', 'scopes'] },
);

export type CreateApiKeyError = ValidationFailed | NotFound | InfrastructureError;

/** A key that would be born expired is refused: it could never authenticate anything. */
const EXPIRED_ALREADY = validationFailed([
  { field: 'expiresAt', code: 'OUT_OF_RANGE', message: 'must be in the future' },
]);

export type CreateApiKeyBody = t.TypeOf<typeof createApiKeyInput>;

export interface CreatedApiKey {
  readonly apiKey: ApiKeyInfo;
  /** The key itself: shown once, never stored. */
  readonly plaintext: string;
}

/** Generates a key and stores its digest; the plaintext leaves only in the answer. */
export const issueKey = async (
  repositories: Pick<Repositories, 'apiKeys'>,
  secrets: ApiKeySecrets,
  key: Pick<ApiKey, 'userId' | 'scopes' | 'createdAt' | 'expiresAt'>,
): Promise<CreatedApiKey> => {
  const generated = secrets.generate();
  const apiKey = await repositories.apiKeys.add({
    ...key,
    digest: generated.digest,
    displayPrefix: generated.displayPrefix,
    revokedAt: null,
    lastUsedAt: null,
  });
  return { apiKey: keyInfo(apiKey), plaintext: generated.plaintext };
};

/** A new key for a user, with its scopes and optional expiry. */
export class CreateApiKey {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: ApiKeySecrets,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateApiKeyBody): TE.TaskEither<CreateApiKeyError, CreatedApiKey> {
    return pipe(
      TE.right(input),
      TE.filterOrElseW(
        (request) =>
          request.expiresAt === undefined || request.expiresAt.getTime() > this.clock.now().getTime(),
        () => EXPIRED_ALREADY,
      ),
      TE.flatMap((request) =>
        this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, CreatedApiKey>> => {
          const user = await repositories.users.findById(request.userId);
          if (user === null) return E.left(notFound('user'));
          const createdAt = this.clock.now();
          return E.right(
            await issueKey(repositories, this.secrets, {
              userId: user.id,
              scopes: request.scopes,
              createdAt,
              expiresAt: request.expiresAt ?? null,
            }),
          );
        }),
      ),
    );
  }
}
