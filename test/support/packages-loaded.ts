import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { SqlDatabase } from '../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { ensureBuilt, ROOT } from './build.js';

const run = promisify(execFile);

/**
 * Opens `database` with the compiled `openSqlPersistence` in a child process, so that nothing loaded
 * by this test run counts, and answers whether it was healthy and which packages the open loaded
 * (every package the child resolves by name, `node:` modules aside).
 */
export const packagesLoadedOpening = async (
  database: SqlDatabase,
): Promise<{ healthy: boolean; loaded: string[] }> => {
  await ensureBuilt();
  const child = `
    import { registerHooks } from 'node:module';
    const loaded = new Set();
    registerHooks({ resolve(specifier, context, next) { if (/^[@a-z]/i.test(specifier) && !/^(node|file):/.test(specifier)) loaded.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/')); return next(specifier, context); } });
    const { openSqlPersistence } = await import(${JSON.stringify(join(ROOT, 'dist/adapters/persistence/mikro-orm/open-sql-persistence.js'))});
    const persistence = await openSqlPersistence(${JSON.stringify(database)}, { migrate: true });
    const healthy = await persistence.health.isHealthy();
    await persistence.close();
    console.log(JSON.stringify({ healthy, loaded: [...loaded] }));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', child], { cwd: ROOT });
  return JSON.parse(stdout);
};
