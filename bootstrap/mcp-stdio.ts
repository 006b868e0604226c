/**
 * `workspace-api mcp`: the workspace as an MCP server over stdio (CONTRACT §11), acting as the user
 * of the key in WORKSPACE_API_KEY with its scopes, on the database the server's configuration names.
 * stdout carries the protocol alone: everything else goes to stderr.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { mcpServerFor } from '../adapters/mcp/mcp-server.js';
import { ConfigError, type DatabaseConfig, loadConfig } from './config.js';
import { retryLine } from './connect-retry.js';
import { mcpPartsOf } from './http-server.js';
import { StartupError } from './startup-error.js';
import { openServedWorkspace } from './workspace.js';

const fail = (line: string, code: number): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

const USAGE = `workspace-api mcp
    Serves the workspace to an MCP client over stdio, as the user of the key in WORKSPACE_API_KEY,
    with that key's scopes. stdout carries the protocol; everything else goes to stderr.

Environment:
    WORKSPACE_API_KEY   the key to act with (workspace-api keys create)
    DATABASE_URL        the server's database, as the server is given it; a SQLite file must
                        exist (start the server once first): give its absolute path, since an
                        MCP client starts this command in a folder of its own choosing
`;

/**
 * A SQLite file that is not there is a wrong path (the client started us elsewhere, or a typo), not
 * a new workspace: opening it would quietly make an empty one.
 */
const refuseMissingSqlite = (database: DatabaseConfig): void => {
  if (database.kind !== 'sqlite' || database.path === ':memory:') return;
  const file = resolve(database.path);
  if (!existsSync(file))
    fail(
      `Database: no SQLite file at ${file}. Set DATABASE_URL to the absolute path of the server's database (sqlite:/…/workspace.db).`,
      1,
    );
};

const serve = async (): Promise<void> => {
  if (process.argv.slice(3).some((arg) => arg === '--help' || arg === '-h')) {
    process.stdout.write(USAGE);
    process.exit(0);
  }
  const key = process.env.WORKSPACE_API_KEY?.trim();
  if (key === undefined || key === '')
    fail(
      'WORKSPACE_API_KEY is not set: the MCP server acts as the user of that API key, with its scopes.',
      2,
    );
  const config = loadConfig(process.env);
  refuseMissingSqlite(config.database);
  const workspace = await openServedWorkspace({
    database: config.databaseUrl,
    connectTimeoutMs: config.dbConnectTimeoutS * 1000,
    statementTimeoutMs: config.dbStatementTimeoutS * 1000,
    sqliteSynchronous: config.sqliteSynchronous,
    onConnectRetry: (retry) => process.stderr.write(`${retryLine(retry)}\n`),
    // The server sends webhooks; this process only writes what causes them.
    webhooks: { deliver: false },
  });
  // Admitted as a request to `POST /mcp` is; every tool call is admitted again with the key (a key
  // revoked meanwhile stops working).
  const opened = await workspace.admit(key ?? '', 'mcp', 'call');
  if (opened._tag === 'Left') {
    await workspace.close();
    return fail(
      opened.left._tag === 'Unauthenticated'
        ? 'WORKSPACE_API_KEY is malformed, unknown, revoked or expired.'
        : `The workspace could not check WORKSPACE_API_KEY: ${opened.left._tag}.`,
      1,
    );
  }
  const { catalog, dispatch, version } = mcpPartsOf(workspace);
  const server = mcpServerFor(
    catalog,
    { session: opened.right, chargeOne: async () => null },
    dispatch,
    version,
  );
  const transport = new StdioServerTransport();
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => undefined);
    await workspace.close();
    process.exit(0);
  };
  // The client ends the session by closing stdin (or stops the process).
  transport.onclose = () => void close();
  process.stdin.on('end', () => void close());
  process.on('SIGTERM', () => void close());
  process.on('SIGINT', () => void close());
  await server.connect(transport);
};

serve().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const prefix =
    error instanceof ConfigError ? 'Configuration: ' : error instanceof StartupError ? 'Database: ' : '';
  fail(`${prefix}${message}`, 1);
});
