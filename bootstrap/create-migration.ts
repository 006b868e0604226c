/**
 * Generates the next migration for both dialects from the entity schemas:
 *   npm run migration:create
 * SQLite is diffed against a scratch database migrated to the latest committed migration;
 * PostgreSQL the same, on a throwaway embedded server. Review the files, add them to each
 * dialect's index.ts and names.ts, and commit them.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/core';
import { migrateUp } from '../adapters/persistence/mikro-orm/migrate.js';
import { mikroOrmOptions, type SqlDatabase } from '../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';

const generate = async (database: SqlDatabase): Promise<void> => {
  const orm = await MikroORM.init(await mikroOrmOptions(database));
  try {
    await migrateUp(orm, database.kind);
    const result = await orm.migrator.create();
    console.log(`${database.kind}: ${result.fileName || 'no changes'}`);
  } finally {
    await orm.close(true);
  }
};

const scratch = mkdtempSync(join(tmpdir(), 'workspace-migration-'));
// The embedded server runs as its own system user, which must be able to reach its directory.
chmodSync(scratch, 0o755);
try {
  await generate({ kind: 'sqlite', path: join(scratch, 'scratch.db') });
  const postgres = await startEmbeddedPostgres(join(scratch, 'pg'));
  try {
    await generate({ kind: 'postgresql', url: await postgres.createDatabase('scratch') });
  } finally {
    await postgres.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
