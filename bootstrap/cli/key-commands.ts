import { serverInstantOrNull } from '../../adapters/http/presenters/wire-values.js';
import type { CreatedApiKey } from '../../application/api-keys/create-api-key.use-case.js';
import type { Workspace } from '../../application/workspace/workspace.js';
import type { ApiKeyInfo } from '../../domain/api-key/api-key.js';
import { SCOPED_RESOURCES } from '../../domain/api-key/scope.js';
import {
  type Command,
  type CommandContext,
  durationMs,
  idArgument,
  outcomeOf,
  printJson,
  stringOption,
  UsageError,
} from './cli-command.js';

const keyView = (key: ApiKeyInfo) => ({
  id: key.id,
  user_id: key.userId,
  prefix: key.displayPrefix,
  scopes: key.scopes.join(','),
  created_at: serverInstantOrNull(key.createdAt),
  expires_at: serverInstantOrNull(key.expiresAt),
  revoked_at: serverInstantOrNull(key.revokedAt),
  last_used_at: serverInstantOrNull(key.lastUsedAt),
});

const stateOf = (key: ReturnType<typeof keyView>, now: string): string => {
  if (key.revoked_at !== null)
    return key.revoked_at <= now ? `revoked ${key.revoked_at}` : `retires ${key.revoked_at}`;
  return key.expires_at === null ? 'active' : `expires ${key.expires_at}`;
};

const userIdOf = async (workspace: Workspace, nameOrId: string): Promise<number> =>
  (await outcomeOf(workspace.users.find(nameOrId))).id;

/** A key that was just made, as `--json` prints it: `{"id","user_id","key","scopes","expires_at"}`. */
const newKeyView = (created: CreatedApiKey) => ({
  id: created.apiKey.id,
  user_id: created.apiKey.userId,
  key: created.plaintext,
  scopes: created.apiKey.scopes.join(','),
  expires_at: serverInstantOrNull(created.apiKey.expiresAt),
});

/** Prints a key that was just made: the only time its plaintext is ever shown. */
const printNewKey = (context: CommandContext, view: ReturnType<typeof newKeyView>) => {
  context.print(`Created key ${view.id} for user ${view.user_id} with scopes ${view.scopes}.`);
  context.print(`Key (shown once, store it now): ${view.key}`);
  if (view.expires_at) context.print(`Expires at ${view.expires_at} UTC.`);
};

/** What `--scopes "*"` grants: read and write of every resource, webhooks included. */
const EVERY_SCOPE = SCOPED_RESOURCES.map((resource) => `${resource}:*`);

const keysCreate: Command = {
  words: ['keys', 'create'],
  usage: '--user <name|id> --scopes "tasks:*,clients:read" [--expires-in 90d] [--json]',
  summary: 'Creates a key with the given scopes ("*": every scope); the key is printed once.',
  options: { user: { type: 'string' }, scopes: { type: 'string' }, 'expires-in': { type: 'string' } },
  run: async (context) => {
    const user = stringOption(context, 'user');
    const scopes = stringOption(context, 'scopes');
    if (user === undefined || scopes === undefined)
      throw new UsageError('keys create needs --user and --scopes.');
    const expiresIn = stringOption(context, 'expires-in');
    const expiresAt =
      expiresIn === undefined ? undefined : new Date(Date.now() + durationMs('expires-in', expiresIn));
    const workspace = await context.workspace();
    const created = await outcomeOf(
      workspace.keys.create({
        userId: await userIdOf(workspace, user),
        scopes: scopes
          .split(',')
          .map((scope) => scope.trim())
          .flatMap((scope) => (scope === '*' ? EVERY_SCOPE : scope === '' ? [] : [scope])),
        ...(expiresAt === undefined ? {} : { expiresAt }),
      }),
    );
    const view = newKeyView(created);
    if (context.json) printJson(context, view);
    else printNewKey(context, view);
  },
};

const keysList: Command = {
  words: ['keys', 'list'],
  usage: '--user <name|id> [--json]',
  summary: "Lists a user's keys (prefix, scopes, state; never the key).",
  options: { user: { type: 'string' } },
  run: async (context) => {
    const user = stringOption(context, 'user');
    if (user === undefined) throw new UsageError('keys list needs --user.');
    const workspace = await context.workspace();
    const keys = (await outcomeOf(workspace.keys.list(await userIdOf(workspace, user)))).map(keyView);
    const now = serverInstantOrNull(new Date()) ?? '';
    if (context.json) printJson(context, keys);
    else if (keys.length === 0) context.print('No keys.');
    else for (const k of keys) context.print(`${k.id}\t${k.prefix}…\t${k.scopes}\t${stateOf(k, now)}`);
  },
};

const keysRevoke: Command = {
  words: ['keys', 'revoke'],
  usage: '<key-id> [--json]',
  summary: 'Revokes a key at once.',
  options: {},
  run: async (context) => {
    const id = idArgument(context, 'keys revoke', 'key-id');
    const key = keyView(await outcomeOf((await context.workspace()).keys.revoke(id)));
    if (context.json) printJson(context, key);
    else context.print(`Key ${key.id} revoked at ${key.revoked_at} UTC.`);
  },
};

const keysRotate: Command = {
  words: ['keys', 'rotate'],
  usage: '<key-id> [--grace 1h] [--json]',
  summary:
    'Creates a key with the same scopes and expiry (printed once); the old key keeps working for the grace period (default 0: it stops now), at most 30d.',
  options: { grace: { type: 'string' } },
  run: async (context) => {
    const id = idArgument(context, 'keys rotate', 'key-id');
    const grace = stringOption(context, 'grace');
    const graceMs = grace === undefined ? 0 : durationMs('grace', grace, true);
    const { created, replaced } = await outcomeOf((await context.workspace()).keys.rotate(id, graceMs));
    const view = {
      ...newKeyView(created),
      replaced: { id: replaced.id, revoked_at: serverInstantOrNull(replaced.revokedAt) },
    };
    if (context.json) printJson(context, view);
    else {
      printNewKey(context, view);
      context.print(`Key ${replaced.id} stops working at ${view.replaced.revoked_at} UTC.`);
    }
  },
};

export const KEY_COMMANDS: readonly Command[] = [keysCreate, keysList, keysRevoke, keysRotate];
