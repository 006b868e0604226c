/**
 * The package's optional peer dependencies, for its own server and CLI. A host embedding the
 * library installs only what it opens (none of these on `memory:`); the server and the CLI, run from
 * an installed package rather than a clone, need the HTTP edge's and the SQL databases' packages.
 */

/**
 * What a host installs beside the package to open a SQL database (SQLite or PostgreSQL): the
 * package's optional peer dependencies, whose versions its package.json names. The SQL adapters
 * share their modules, so either database needs them all; a host on `memory:` needs none.
 */
export const SQL_PACKAGES = [
  'pg',
  'pg-boss',
  '@mikro-orm/core',
  '@mikro-orm/sql',
  '@mikro-orm/sqlite',
  '@mikro-orm/postgresql',
  '@mikro-orm/migrations',
  'kysely',
] as const;

/**
 * What the HTTP edge needs beside the library: the server, its rate limit, metrics, docs
 * page, and the MCP server (at `/mcp`, and `workspace-api mcp`).
 */
export const HTTP_PACKAGES = [
  'fastify',
  '@fastify/rate-limit',
  '@fastify/compress',
  '@fastify/cors',
  'prom-client',
  'swagger-ui-dist',
  '@modelcontextprotocol/sdk',
] as const;

const OPTIONAL_PEERS: readonly string[] = [...HTTP_PACKAGES, ...SQL_PACKAGES];

/** The optional peer a failed import could not find, if that is why it failed. */
export const missingPeer = (error: unknown): string | null => {
  if (
    typeof error !== 'object' ||
    error === null ||
    !('code' in error) ||
    error.code !== 'ERR_MODULE_NOT_FOUND'
  )
    return null;
  const message = 'message' in error ? String(error.message) : '';
  return OPTIONAL_PEERS.find((name) => message.includes(`'${name}'`)) ?? null;
};

/**
 * Runs an entry point's import; one that fails for want of an optional peer stops the process with
 * one line saying what to install, instead of a stack.
 */
export const importEntry = async (what: string, load: () => Promise<unknown>): Promise<void> => {
  try {
    await load();
  } catch (error) {
    const missing = missingPeer(error);
    if (missing === null) throw error;
    process.stderr.write(
      `${what} needs ${missing}, an optional peer dependency of workspace-api; install them beside it ` +
        `(the versions its package.json names): npm install ${OPTIONAL_PEERS.join(' ')}\n`,
    );
    process.exit(1);
  }
};
