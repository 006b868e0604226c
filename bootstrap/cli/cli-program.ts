/**
 * The operator's CLI, reading the server's configuration (`npm run cli -- <command>`, or the
 * `workspace-api` bin of the package). `--help` anywhere prints the relevant usage and exits 0;
 * a mistake in the command line exits 2, a failure of the command 1.
 */
import { parseArgs } from 'node:util';
import type { DatabaseAdmin } from '../../adapters/persistence/mikro-orm/database-admin.js';
import type { Workspace } from '../../application/workspace/workspace.js';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { type ConnectRetry, retryLine } from '../connect-retry.js';
import { openDatabaseAdminFor } from '../persistence.js';
import { StartupError } from '../startup-error.js';
import { openWorkspace } from '../workspace.js';
import { type Command, type CommandContext, UsageError } from './cli-command.js';
import { DB_COMMANDS } from './db-commands.js';
import { KEY_COMMANDS } from './key-commands.js';
import { PORTABILITY_COMMANDS } from './portability-commands.js';
import { USER_COMMANDS } from './user-commands.js';
import { WEBHOOK_COMMANDS } from './webhook-commands.js';

const COMMANDS: readonly Command[] = [
  ...USER_COMMANDS,
  ...KEY_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...DB_COMMANDS,
  ...PORTABILITY_COMMANDS,
];

const usageLine = (command: Command) => `workspace-api ${command.words.join(' ')} ${command.usage}`;

/** `workspace-api mcp` is a server on stdio, not a command: named in the full usage only. */
const MCP_USAGE =
  '  workspace-api mcp\n      Serves the workspace to an MCP client over stdio, as the user of the key in WORKSPACE_API_KEY.\n';

const usageOf = (commands: readonly Command[]) =>
  `Usage:\n${commands.map((c) => `  ${usageLine(c)}\n      ${c.summary}`).join('\n')}\n` +
  `${commands === COMMANDS ? MCP_USAGE : ''}\n` +
  'Reads DATABASE_URL (and the rest of the configuration) from the environment, like the server.';

const isWord = (text: string | undefined): text is string => text !== undefined && !text.startsWith('-');

const wantsHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

/** Opens what the command asks for, once, and closes it at the end. */
const resources = (config: Config) => {
  let workspace: Promise<Workspace> | undefined;
  let admin: Promise<DatabaseAdmin> | undefined;
  const connect = {
    migrate: true,
    connectTimeoutMs: config.dbConnectTimeoutS * 1000,
    statementTimeoutMs: config.dbStatementTimeoutS * 1000,
    sqliteSynchronous: config.sqliteSynchronous,
    // A command waiting for PostgreSQL says so, on stderr (stdout is the command's answer).
    onConnectRetry: (retry: ConnectRetry) => process.stderr.write(`${retryLine(retry)}\n`),
  };
  return {
    workspace: () => {
      // The CLI manages; the server sends webhooks.
      workspace ??= openWorkspace({ database: config.databaseUrl, ...connect, webhooks: { deliver: false } });
      return workspace;
    },
    admin: () => {
      admin ??= openDatabaseAdminFor(config.database, connect);
      return admin;
    },
    close: async () => {
      await (await workspace?.catch(() => undefined))?.close();
      await (await admin?.catch(() => undefined))?.close();
    },
  };
};

const run = async (argv: readonly string[], print: (line: string) => void): Promise<void> => {
  const [group, action] = argv;
  if (!isWord(group)) {
    if (wantsHelp(argv)) return print(usageOf(COMMANDS));
    throw new UsageError(usageOf(COMMANDS));
  }
  const inGroup = COMMANDS.filter((c) => c.words[0] === group);
  const command = inGroup.find((c) => c.words.length === 1 || c.words[1] === action);
  if (command === undefined) {
    if (inGroup.length > 0 && !isWord(action) && wantsHelp(argv)) return print(usageOf(inGroup));
    const named = `${group}${isWord(action) ? ` ${action}` : ''}`;
    throw new UsageError(`Unknown command "${named}".\n${usageOf(inGroup.length > 0 ? inGroup : COMMANDS)}`);
  }
  const { values, positionals } = parseArgs({
    args: argv.slice(command.words.length) as string[],
    allowPositionals: true,
    strict: true,
    options: {
      ...command.options,
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return print(`${usageOf([command])}`);

  const opened = resources(loadConfig(process.env));
  const context: CommandContext = {
    args: positionals,
    options: values,
    json: values.json === true,
    print,
    workspace: opened.workspace,
    admin: opened.admin,
  };
  try {
    await command.run(context);
  } finally {
    await opened.close();
  }
};

run(process.argv.slice(2), (line) => process.stdout.write(`${line}\n`)).then(
  () => process.exit(0),
  (error: unknown) => {
    // parseArgs reports an unknown or malformed option as a TypeError with a code.
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error);
    const message = error instanceof Error ? error.message : String(error);
    const prefix =
      error instanceof ConfigError ? 'Configuration: ' : error instanceof StartupError ? 'Database: ' : '';
    process.stderr.write(`${prefix}${message}\n`);
    process.exit(usage ? 2 : 1);
  },
);
