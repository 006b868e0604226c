import type { ApiKeyInfo } from '../../domain/api-key/api-key.js';
import type { Scope } from '../../domain/api-key/scope.js';
import type { User } from '../../domain/user/user.js';
import type {
  CreateApiKeyError,
  CreatedApiKey,
  createApiKeyInput,
} from '../api-keys/create-api-key.use-case.js';
import type { ListApiKeysError } from '../api-keys/list-api-keys.use-case.js';
import type { RevokeApiKeyError } from '../api-keys/revoke-api-key.use-case.js';
import type { RotateApiKeyError, RotatedApiKey } from '../api-keys/rotate-api-key.use-case.js';
import type { InputOf } from '../shared/codecs.js';
import type {
  Closed,
  InfrastructureError,
  InsufficientScope,
  Unauthenticated,
  UnknownUser,
} from '../shared/errors.js';
import type { CreateUserError, createUserInput } from '../users/create-user.use-case.js';
import type { FindUserError } from '../users/find-user.use-case.js';
import type { CallGroup } from './scope-policy.js';
import type { Outcome, Session } from './session-types.js';

/**
 * The library's face: what `openWorkspace` returns. The HTTP adapter, the CLI and any host
 * embedding the use cases all work through it.
 */
/** A session opened with a user's API key: the key's scopes are enforced on every operation. */
/**
 * What a key session adds to every operation's errors: the key checked again on every call (revoked
 * or expired since the session opened: `Unauthenticated`), then the operation's scope.
 */
export type KeySessionRefusal = Unauthenticated | InfrastructureError | InsufficientScope | Closed;

export interface KeySession extends Session<KeySessionRefusal> {
  readonly keyId: number;
  readonly scopes: readonly Scope[];
}

/**
 * What a transport that admits each request itself (the HTTP edge) needs of a workspace: the key
 * read once per request, then a session for the one call the transport admitted by the key's
 * scopes. That session reads the key no second time and checks the admitted call's scope no second
 * time; any other call it makes is checked as a key session checks it.
 */
export interface EdgeGate {
  authenticate(apiKey: string): Outcome<Unauthenticated | InfrastructureError | Closed, AdmittedKey>;
}

export interface AdmittedKey {
  readonly keyId: number;
  readonly userId: number;
  readonly scopes: readonly Scope[];
  /** The session for one call of `group`, whose scope the transport checked. */
  sessionFor(group: CallGroup, operation: string): KeySession;
}

/** What a trusted host acting as a user id gets: any operation, once the user is known to exist. */
export type UserSession = Session<UnknownUser | InfrastructureError | Closed>;

export interface Workspace {
  /** For a trusted host: act as `userId`. Every operation answers `UnknownUser` if there is no such user. */
  actingAs(userId: number): UserSession;
  /** For a host that accepts users' keys: the same checks as HTTP; the key's scopes then apply. */
  authenticate(apiKey: string): Outcome<Unauthenticated | InfrastructureError | Closed, KeySession>;
  readonly users: {
    create(input: InputOf<typeof createUserInput>): Outcome<CreateUserError | Closed, User>;
    /** By name, or by id (a number, or digits). */
    find(nameOrId: string | number): Outcome<FindUserError | Closed, User>;
    list(): Outcome<InfrastructureError | Closed, readonly User[]>;
  };
  readonly keys: {
    create(input: InputOf<typeof createApiKeyInput>): Outcome<CreateApiKeyError | Closed, CreatedApiKey>;
    list(userId: number): Outcome<ListApiKeysError | Closed, readonly ApiKeyInfo[]>;
    revoke(keyId: number): Outcome<RevokeApiKeyError | Closed, ApiKeyInfo>;
    /** A new key with the same scopes and expiry; the old one keeps working for `graceMs`, then counts as revoked. */
    rotate(keyId: number, graceMs: number): Outcome<RotateApiKeyError | Closed, RotatedApiKey>;
  };
  /** Whether the database answers. */
  isHealthy(): Promise<boolean>;
  /** Closes the database; every call after it answers `Closed` (closing again does nothing). */
  close(): Promise<void>;
}
