/**
 * Users and API keys, managed from a checkout with the server's configuration:
 *   npm run cli -- users create <name> [--timezone Europe/Kyiv] [--json]
 *   npm run cli -- users list [--json]
 *   npm run cli -- keys create --user <name|id> --scopes "tasks:*,clients:read" [--expires-in 90d] [--json]
 *   npm run cli -- keys list --user <name|id> [--json]
 *   npm run cli -- keys revoke <key-id> [--json]
 */
import { parseArgs } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { toHttpFailure } from '../adapters/http/http-error.js';
import { serverInstantOrNull } from '../adapters/http/presenters/wire-values.js';
import type { AppError } from '../application/shared/errors.js';
import type { Workspace } from '../application/workspace/workspace.js';
import type { ApiKey } from '../domain/api-key/api-key.js';
import { ConfigError, loadConfig } from './config.js';
import { openWorkspace } from './workspace.js';

const USAGE = `Usage:
  workspace-api users create <name> [--timezone Europe/Kyiv] [--json]
  workspace-api users list [--json]
  workspace-api keys create --user <name|id> --scopes "tasks:*,clients:read" [--expires-in 90d] [--json]
  workspace-api keys list --user <name|id> [--json]
  workspace-api keys revoke <key-id> [--json]`;

class UsageError extends Error {}

const keyView = (key: ApiKey) => ({
  id: key.id,
  user_id: key.userId,
  prefix: key.displayPrefix,
  scopes: key.scopes.join(','),
  created_at: serverInstantOrNull(key.createdAt),
  expires_at: serverInstantOrNull(key.expiresAt),
  revoked_at: serverInstantOrNull(key.revokedAt),
  last_used_at: serverInstantOrNull(key.lastUsedAt),
});

/** Waits for an operation; a failure becomes an error line (the same message the API would give). */
const outcomeOf = async <A>(work: Promise<E.Either<AppError, A>>): Promise<A> => {
  const outcome = await work;
  if (E.isRight(outcome)) return outcome.right;
  const { body, cause } = toHttpFailure(outcome.left);
  const details = (body.error.details ?? []).map((d) => `\n  ${d.field}: ${d.message}`).join('');
  throw new Error(`${body.error.message}${details}${cause instanceof Error ? `\n  ${cause.message}` : ''}`);
};

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `90d`, `12h` or `30m` from now. */
const expiryFrom = (text: string | undefined, now: Date): Date | undefined => {
  if (text === undefined) return undefined;
  const match = /^([1-9]\d{0,4})([mhd])$/.exec(text);
  if (!match) throw new UsageError('--expires-in must look like 90d, 12h or 30m.');
  const [, amount, unit] = match;
  return new Date(now.getTime() + Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS]);
};

const userIdOf = async (workspace: Workspace, nameOrId: string): Promise<number> =>
  (await outcomeOf(workspace.users.find(nameOrId))).id;

const run = async (argv: string[], print: (line: string) => void): Promise<void> => {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean', default: false },
      timezone: { type: 'string' },
      user: { type: 'string' },
      scopes: { type: 'string' },
      'expires-in': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [group, action, argument] = positionals;
  if (values.help) {
    // Asked for: the usage on stdout, exit 0 (with or without a command before it).
    print(USAGE);
    return;
  }
  if (group === undefined) throw new UsageError(USAGE);
  const command = `${group} ${action ?? ''}`.trim();
  const known = ['users create', 'users list', 'keys create', 'keys list', 'keys revoke'];
  if (!known.includes(command)) throw new UsageError(`Unknown command "${command}".\n${USAGE}`);

  const config = loadConfig(process.env);
  const workspace = await openWorkspace({
    database: config.databaseUrl,
    migrate: true,
    connectTimeoutMs: config.dbConnectTimeoutS * 1000,
  });
  try {
    const json = (value: unknown) => print(JSON.stringify(value));
    switch (command) {
      case 'users create': {
        if (argument === undefined) throw new UsageError('users create needs a <name>.');
        const user = await outcomeOf(
          workspace.users.create({
            name: argument,
            ...(values.timezone ? { timezone: values.timezone } : {}),
          }),
        );
        const view = { id: user.id, name: user.name, timezone: user.timezone };
        if (values.json) json(view);
        else print(`Created user ${view.id} "${view.name}" (${view.timezone}).`);
        return;
      }
      case 'users list': {
        const users = (await outcomeOf(workspace.users.list())).map((u) => ({
          id: u.id,
          name: u.name,
          timezone: u.timezone,
        }));
        if (values.json) json(users);
        else if (users.length === 0) print('No users.');
        else for (const u of users) print(`${u.id}\t${u.name}\t${u.timezone}`);
        return;
      }
      case 'keys create': {
        if (values.user === undefined || values.scopes === undefined) {
          throw new UsageError('keys create needs --user and --scopes.');
        }
        const expiresAt = expiryFrom(values['expires-in'], new Date());
        const created = await outcomeOf(
          workspace.keys.create({
            userId: await userIdOf(workspace, values.user),
            scopes: values.scopes
              .split(',')
              .map((scope) => scope.trim())
              .filter((scope) => scope !== ''),
            ...(expiresAt === undefined ? {} : { expiresAt }),
          }),
        );
        const view = {
          id: created.apiKey.id,
          user_id: created.apiKey.userId,
          key: created.plaintext,
          scopes: created.apiKey.scopes.join(','),
          expires_at: serverInstantOrNull(created.apiKey.expiresAt),
        };
        if (values.json) json(view);
        else {
          print(`Created key ${view.id} for user ${view.user_id} with scopes ${view.scopes}.`);
          print(`Key (shown once, store it now): ${view.key}`);
          if (view.expires_at) print(`Expires at ${view.expires_at} UTC.`);
        }
        return;
      }
      case 'keys list': {
        if (values.user === undefined) throw new UsageError('keys list needs --user.');
        const keys = (await outcomeOf(workspace.keys.list(await userIdOf(workspace, values.user)))).map(
          keyView,
        );
        if (values.json) json(keys);
        else if (keys.length === 0) print('No keys.');
        else
          for (const k of keys)
            print(
              `${k.id}\t${k.prefix}…\t${k.scopes}\t${k.revoked_at ? `revoked ${k.revoked_at}` : k.expires_at ? `expires ${k.expires_at}` : 'active'}`,
            );
        return;
      }
      case 'keys revoke': {
        if (argument === undefined || !/^[1-9]\d{0,9}$/.test(argument)) {
          throw new UsageError('keys revoke needs a numeric <key-id>.');
        }
        const key = keyView(await outcomeOf(workspace.keys.revoke(Number(argument))));
        if (values.json) json(key);
        else print(`Key ${key.id} revoked at ${key.revoked_at} UTC.`);
        return;
      }
    }
  } finally {
    await workspace.close();
  }
};

run(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
  () => process.exit(0),
  (error: unknown) => {
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof ConfigError ? `Configuration: ${message}` : message}\n`);
    process.exit(usage ? 2 : 1);
  },
);
