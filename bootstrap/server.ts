/**
 * The server: reads the environment, applies pending migrations, listens, and on SIGTERM/SIGINT
 * stops accepting, finishes in-flight requests, closes the database and exits 0.
 */
import { ConfigError, loadConfig } from './config.js';
import { createHttpServer } from './http-server.js';
import { StartupError } from './persistence.js';
import { openWorkspace } from './workspace.js';

const start = async (): Promise<void> => {
  const config = loadConfig(process.env);
  let report: (cause: unknown) => void = () => undefined;
  const workspace = await openWorkspace({
    database: config.databaseUrl,
    migrate: true,
    connectTimeoutMs: config.dbConnectTimeoutS * 1000,
    reportBackgroundFailure: (cause: unknown) => report(cause),
  });
  const app = createHttpServer(workspace, { level: config.logLevel });
  report = (cause) => app.log.warn({ err: cause }, 'could not record last_used_at');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await workspace.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
};

start().catch((error: unknown) => {
  // A configuration or database problem is one line for the operator; anything else is a bug, with its stack.
  const expected = error instanceof ConfigError || error instanceof StartupError;
  const message = expected ? error.message : error instanceof Error ? error.stack : String(error);
  process.stderr.write(`workspace-api failed to start: ${message}\n`);
  process.exit(1);
});
