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
import type { Calendar, ReadCalendarError } from '../calendar/read-calendar.use-case.js';
import type { InputOf } from '../shared/codecs.js';
import type {
  Closed,
  InfrastructureError,
  InsufficientScope,
  Unauthenticated,
  UnknownUser,
} from '../shared/errors.js';
import type { Unchanged } from '../shared/list-version.js';
import type { CreateUserError, createUserInput } from '../users/create-user.use-case.js';
import type { FindUserError } from '../users/find-user.use-case.js';
import type { Charge } from './admission.js';
import type { DecodedInputs, SessionInputs } from './input-codecs.js';
import type { GivenInputs } from './inputs.js';
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

/** A session of a key's user, with the key's scopes; `I`: what its operations take. */
export interface KeyedSession<I extends SessionInputs> extends Session<KeySessionRefusal, I> {
  readonly keyId: number;
  readonly scopes: readonly Scope[];
}

/** A key session for a host: it decodes what the host passes. */
export type KeySession = KeyedSession<GivenInputs>;

/**
 * A key session for one call a transport admitted (`Served.admit`), taking the input the transport
 * decoded (`DecodedInputs`): that call is not admitted
 * again; any other call of the session is admitted as every key session's call is. A carrier (a
 * batch's operations, MCP's tool calls) admits each call it makes through `admit`.
 */
export interface AdmittedSession extends KeyedSession<DecodedInputs> {
  admit<R = never>(
    group: CallGroup,
    operation: string,
    charge?: Charge<R>,
  ): Outcome<KeySessionRefusal | R, AdmittedSession>;
}

/** A transport's way in: one call admitted with `apiKey`, and the session to make it on. */
export type TransportAdmission = <R = never>(
  apiKey: string,
  group: CallGroup,
  operation: string,
  charge?: Charge<R>,
) => Outcome<KeySessionRefusal | R, AdmittedSession>;

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
  /**
   * A calendar feed's events by the token of its URL (the token is the credential: no key), or only
   * that they are unchanged when `known` is still their version.
   */
  calendar(token: string, known?: string): Outcome<ReadCalendarError | Closed, Calendar | Unchanged>;
  /** Whether the database answers. */
  isHealthy(): Promise<boolean>;
  /** Closes the database; every call after it answers `Closed` (closing again does nothing). */
  close(): Promise<void>;
}
