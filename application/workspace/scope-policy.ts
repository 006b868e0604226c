import {
  type Access,
  acceptedScopes,
  allows,
  RECORD_RESOURCES,
  type Scope,
  type ScopedResource,
} from '../../domain/api-key/scope.js';
import { FEED_CONTENTS, type FeedContent } from '../../domain/calendar/calendar-feed.js';
import { CHANGE_RESOURCES } from '../ports/change-log.port.js';
import type { InsufficientScope } from '../shared/errors.js';

/*
 * The scope policy: which scope each operation of a session needs, and the refusal when a key's
 * scopes do not include it. Sessions, the HTTP edge, batches and MCP all ask it.
 */

/** The five operations of a record type: reads need `<resource>:read`, changes `<resource>:write`. */
const recordScopes = <R extends ScopedResource>(resource: R) =>
  ({ resource, create: 'write', get: 'read', list: 'read', update: 'write', delete: 'write' }) as const;

/** Which scope each operation needs: the resource of its group, and read or write. */
export const OPERATION_SCOPES = {
  tasks: {
    resource: 'tasks',
    create: 'write',
    get: 'read',
    list: 'read',
    update: 'write',
    replace: 'write',
    changeStatus: 'write',
    delete: 'write',
    history: 'read',
    report: 'read',
  },
  gamification: { resource: 'tasks', profile: 'read' },
  clients: recordScopes('clients'),
  projects: recordScopes('projects'),
  categories: recordScopes('categories'),
  cards: recordScopes('cards'),
  notes: { ...recordScopes('notes'), createFromText: 'write' },
  times: { ...recordScopes('times'), report: 'read' },
  moneys: { ...recordScopes('moneys'), report: 'read' },
  webhooks: {
    resource: 'webhooks',
    create: 'write',
    list: 'read',
    get: 'read',
    update: 'write',
    delete: 'write',
    rotateSecret: 'write',
    deliveries: 'read',
    retryDelivery: 'write',
  },
} as const satisfies Record<string, { readonly resource: ScopedResource } & Record<string, string>>;

export type OperationGroup = keyof typeof OPERATION_SCOPES;

/**
 * Delta sync reads every resource: its scopes are checked per resource, by the session (each it
 * answers needs `<resource>:read`), not once per call.
 */
export const SYNC_GROUP = 'changes';
/**
 * Calendar feeds show tasks and time records: a key that reads either may manage feeds, and the
 * session checks each feed against what the key reads (a feed shows no more than its manager reads).
 */
export const FEED_GROUP = 'calendarFeeds';
export const FEED_RESOURCES: readonly FeedContent[] = FEED_CONTENTS;
const feedScopes = {
  needed: FEED_RESOURCES.map((resource): Scope => `${resource}:read`),
  accepted: FEED_RESOURCES.flatMap((resource) => acceptedScopes(resource, 'read')),
};

/**
 * A workspace's export reads every resource and its import writes every one (CONTRACT §12): the
 * key needs the scope of each, all of them, and a refusal names the first it lacks.
 */
export const WORKSPACE_GROUP = 'workspace';
const WORKSPACE_ACCESS: Readonly<Record<string, Access>> = { export: 'read', import: 'write' };
const workspaceAccess = (operation: string): Access => WORKSPACE_ACCESS[operation] ?? 'write';
const workspaceScopes = (operation: string) => {
  const access = workspaceAccess(operation);
  return {
    needed: RECORD_RESOURCES.map((resource): Scope => `${resource}:${access}`),
    accepted: RECORD_RESOURCES.flatMap((resource) => acceptedScopes(resource, access)),
    all: true,
  };
};
const workspaceRefusal = (scopes: readonly Scope[], operation: string): InsufficientScope | null => {
  const access = workspaceAccess(operation);
  const missing = RECORD_RESOURCES.find((resource) => !allows(scopes, resource, access));
  return missing === undefined
    ? null
    : {
        _tag: 'InsufficientScope',
        needed: `${missing}:${access}`,
        accepted: acceptedScopes(missing, access),
      };
};

/**
 * Calls that carry others need no scope of their own: a batch's operations, and an MCP request's tool
 * calls, are each checked against their own scope, as if sent alone (CONTRACT §11).
 */
export const CARRIER_GROUPS = ['batch', 'mcp'] as const;
type CarrierGroup = (typeof CARRIER_GROUPS)[number];
/** Who the caller is (`me`) needs a valid key and no scope: any key may ask what it is. */
export const CALLER_GROUP = 'me';
/** The groups that need no scope of their own. */
const UNSCOPED: readonly CallGroup[] = [...CARRIER_GROUPS, CALLER_GROUP];
const unscoped = (group: CallGroup): group is CarrierGroup | typeof CALLER_GROUP => UNSCOPED.includes(group);
/** Every group a call belongs to: the operation groups, delta sync, the carriers and the caller. */
export type CallGroup =
  | OperationGroup
  | typeof SYNC_GROUP
  | typeof FEED_GROUP
  | typeof WORKSPACE_GROUP
  | CarrierGroup
  | typeof CALLER_GROUP;

/** The scope an operation needs. */
const scopeOf = (
  group: OperationGroup,
  operation: string,
): { readonly resource: ScopedResource; readonly access: Access } => {
  const table: { readonly resource: ScopedResource } & Partial<Record<string, string>> =
    OPERATION_SCOPES[group];
  return { resource: table.resource, access: table[operation] === 'read' ? 'read' : 'write' };
};

/** The scope an operation needs, and every scope that would do (the wildcard too). */
export const operationScopes = (
  group: OperationGroup,
  operation: string,
): { readonly needed: Scope; readonly accepted: readonly Scope[] } => {
  const { resource, access } = scopeOf(group, operation);
  return { needed: `${resource}:${access}`, accepted: acceptedScopes(resource, access) };
};

/** Whether `scopes` allow the operation: null if they do, else the refusal naming what would. */
export const scopeRefusal = (
  scopes: readonly Scope[],
  group: OperationGroup,
  operation: string,
): InsufficientScope | null => {
  const { resource, access } = scopeOf(group, operation);
  return allows(scopes, resource, access)
    ? null
    : { _tag: 'InsufficientScope', ...operationScopes(group, operation) };
};

/**
 * The scopes that let a call in at the edge: any one of `needed` (or its wildcard, in `accepted`).
 * Delta sync takes any resource's read scope, calendar feeds that of tasks or times; the session
 * then answers only what the key may read.
 */
export const callScopes = (
  group: CallGroup,
  operation: string,
): {
  readonly needed: readonly Scope[];
  readonly accepted: readonly Scope[];
  /** Every one of `needed` (each or its wildcard), not any one. */
  readonly all?: boolean;
} => {
  if (unscoped(group)) return { needed: [], accepted: [] };
  if (group === FEED_GROUP) return feedScopes;
  if (group === WORKSPACE_GROUP) return workspaceScopes(operation);
  if (group !== SYNC_GROUP) {
    const { needed, accepted } = operationScopes(group, operation);
    return { needed: [needed], accepted };
  }
  return {
    needed: CHANGE_RESOURCES.map((resource): Scope => `${resource}:read`),
    accepted: CHANGE_RESOURCES.flatMap((resource) => acceptedScopes(resource, 'read')),
  };
};

/** Whether `scopes` let a call in at the edge: null if they do (delta sync and carriers: always; see `callScopes`). */
export const callRefusal = (
  scopes: readonly Scope[],
  group: CallGroup,
  operation: string,
): InsufficientScope | null => {
  if (group === SYNC_GROUP || unscoped(group)) return null;
  if (group === WORKSPACE_GROUP) return workspaceRefusal(scopes, operation);
  if (group !== FEED_GROUP) return scopeRefusal(scopes, group, operation);
  return FEED_RESOURCES.some((resource) => allows(scopes, resource, 'read'))
    ? null
    : { _tag: 'InsufficientScope', needed: 'tasks:read', accepted: feedScopes.accepted };
};
