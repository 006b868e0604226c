import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { ApiKey } from '../../domain/api-key/api-key.js';
import { parseScope, type Scope } from '../../domain/api-key/scope.js';
import type { ApiKeySecrets } from '../ports/api-key-secrets.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { FieldCodec, object } from '../shared/codecs.js';
import { decodeWith } from '../shared/decode.js';
import { type AppError, notFound } from '../shared/errors.js';
import { problem } from '../shared/validation-detail.js';
import { findUserByNameOrId } from '../users/find-user.js';

const scopeList = new FieldCodec<readonly Scope[]>(
  'ScopeList',
  { type: 'string', description: 'Comma-separated, e.g. "tasks:*,clients:read"' },
  (s: string) => {
    const parts = s.split(',').filter((part) => part.trim() !== '');
    const scopes = parts.map(parseScope);
    if (parts.length === 0) return problem('REQUIRED', 'at least one scope is required');
    const bad = parts.filter((_, i) => scopes[i] === null);
    if (bad.length > 0) return problem('INVALID_FORMAT', `unknown scope ${bad.join(', ')}`);
    return [...new Set(scopes.filter((scope): scope is Scope => scope !== null))];
  },
);

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90d`, `12h` or `30m`. */
const lifetime = new FieldCodec<number>(
  'Lifetime',
  { type: 'string', pattern: '^[1-9]\\d{0,4}[mhd]$' },
  (s: string) => {
    const match = /^([1-9]\d{0,4})([mhd])$/.exec(s);
    if (!match) return problem('INVALID_FORMAT', 'must look like 90d, 12h or 30m');
    const [, amount, unit] = match;
    return Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
  },
);

const createApiKeyInput = object(
  'CreateApiKeyInput',
  {
    user: new FieldCodec('UserRef', { type: 'string' }, (s: string) => s),
    scopes: scopeList,
    expires_in: lifetime,
  },
  { required: ['user', 'scopes'] },
);

const decode = decodeWith(createApiKeyInput);

export interface CreatedApiKey {
  readonly apiKey: ApiKey;
  /** The key itself: shown once, never stored. */
  readonly plaintext: string;
}

export class CreateApiKey {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: ApiKeySecrets,
    private readonly clock: Clock,
  ) {}

  execute(input: unknown): TE.TaskEither<AppError, CreatedApiKey> {
    return pipe(
      TE.fromEither(decode(input)),
      TE.flatMap((request) =>
        this.unitOfWork.run(async (repositories): Promise<E.Either<AppError, CreatedApiKey>> => {
          const user = await findUserByNameOrId(repositories.users, request.user);
          if (user === null) return E.left(notFound('user'));
          const now = this.clock.now();
          const generated = this.secrets.generate();
          const apiKey = await repositories.apiKeys.add({
            userId: user.id,
            digest: generated.digest,
            displayPrefix: generated.displayPrefix,
            scopes: request.scopes,
            createdAt: now,
            expiresAt: request.expires_in === undefined ? null : new Date(now.getTime() + request.expires_in),
            revokedAt: null,
            lastUsedAt: null,
          });
          return E.right({ apiKey, plaintext: generated.plaintext });
        }),
      ),
    );
  }
}
