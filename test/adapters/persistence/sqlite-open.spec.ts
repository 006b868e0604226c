import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SQLITE_MIGRATIONS } from '../../../adapters/persistence/mikro-orm/migrations/sqlite/index.js';
import { SQLITE_MIGRATION_NAMES } from '../../../adapters/persistence/mikro-orm/migrations/sqlite/names.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { prepareSqliteConnection } from '../../../adapters/persistence/mikro-orm/sqlite-connection.js';
import type { Workspace } from '../../../application/workspace/workspace.js';
import { StartupError } from '../../../bootstrap/startup-error.js';
import { openWorkspace, type WorkspaceOptions } from '../../../bootstrap/workspace.js';
import { packagesLoadedOpening } from '../../support/packages-loaded.js';
import { type FreshSqliteDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';

/** A SQLite file opens through MikroORM, which migrates it. */
describe('SQLite opened through MikroORM', function () {
  this.timeout(60_000);
  let fresh: FreshSqliteDatabase;
  beforeEach(async () => {
    fresh = await freshSqliteDatabase();
  });
  afterEach(() => fresh.cleanup());

  it('knows the name of every SQLite migration, in order', () => {
    expect(SQLITE_MIGRATION_NAMES).to.deep.equal(SQLITE_MIGRATIONS.map((migration) => migration.name));
  });

  it('refuses to open with a migration pending when told not to migrate, naming it', async () => {
    await (await openSqlPersistence(fresh.database, { migrate: true })).close();
    const file = new Database(fresh.database.path);
    file.prepare('delete from mikro_orm_migrations where name = ?').run(SQLITE_MIGRATION_NAMES.at(-1));
    file.close();
    const refused = await openSqlPersistence(fresh.database, { migrate: false }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.have.deep.property('names', [SQLITE_MIGRATION_NAMES.at(-1)]);
  });

  it('starts with its own driver: no PostgreSQL driver or job queue is loaded', async () => {
    await (await openSqlPersistence(fresh.database, { migrate: true })).close();
    const opened = await packagesLoadedOpening(fresh.database);
    expect(opened.healthy).to.equal(true);
    expect(opened.loaded).to.include('better-sqlite3');
    expect(opened.loaded).to.include('@mikro-orm/sqlite');
    expect(opened.loaded.filter((name) => /^(@mikro-orm\/postgresql|pg$|pg-)/.test(name))).to.deep.equal([]);
  });
});

describe('every SQLite connection', () => {
  it('syncs the WAL at checkpoints (NORMAL, said explicitly) and enforces foreign keys', async () => {
    const fresh = await freshSqliteDatabase();
    const connection = new Database(fresh.database.path);
    try {
      connection.pragma('journal_mode = WAL');
      prepareSqliteConnection(connection);
      expect(connection.pragma('synchronous', { simple: true }), 'NORMAL').to.equal(1);
      expect(connection.pragma('foreign_keys', { simple: true })).to.equal(1);
    } finally {
      connection.close();
      fresh.cleanup();
    }
  });
});

const LEVELS: Readonly<Record<number, string>> = { 1: 'NORMAL', 2: 'FULL' };

/**
 * Each better-sqlite3 connection that set a pragma while `open` ran (prepareSqliteConnection sets
 * every connection's), with the `synchronous` it set.
 */
const synchronousSetOpening = async (open: () => Promise<void>) => {
  const seen = new Map<Database.Database, string | undefined>();
  const { prototype } = Database;
  const pragma = prototype.pragma;
  prototype.pragma = function (this: Database.Database, ...args: Parameters<typeof pragma>) {
    const set = /^synchronous = (\w+)$/.exec(String(args[0]))?.[1];
    seen.set(this, set ?? seen.get(this));
    return pragma.apply(this, args);
  };
  try {
    await open();
  } finally {
    prototype.pragma = pragma;
  }
  return seen;
};

describe('SQLITE_SYNCHRONOUS (sqliteSynchronous for a host)', function () {
  this.timeout(60_000);
  let fresh: FreshSqliteDatabase;
  beforeEach(async () => {
    fresh = await freshSqliteDatabase();
  });
  afterEach(() => fresh.cleanup());

  /**
   * Opens the new file with `options`: the `synchronous` of each connection (the migration's, the
   * writer's, the reader's), read back from those still open.
   */
  const levelsOpening = async (options: Partial<WorkspaceOptions>) => {
    let workspace: Workspace | undefined;
    const seen = await synchronousSetOpening(async () => {
      workspace = await openWorkspace({ database: `sqlite:${fresh.database.path}`, ...options });
    });
    try {
      return [...seen].map(([connection, set]) =>
        connection.open ? LEVELS[Number(connection.pragma('synchronous', { simple: true }))] : set,
      );
    } finally {
      await workspace?.close();
    }
  };

  it('full: every connection syncs each commit, the migrations’ included', async () => {
    const levels = await levelsOpening({ sqliteSynchronous: 'full' });
    expect(levels.length, 'the writer (which migrates) and the reader').to.equal(2);
    expect(levels).to.deep.equal(levels.map(() => 'FULL'));
  });

  it('unless told, every connection syncs at checkpoints (NORMAL)', async () => {
    const levels = await levelsOpening({});
    expect(levels.length, 'the writer (which migrates) and the reader').to.equal(2);
    expect(levels).to.deep.equal(levels.map(() => 'NORMAL'));
  });

  it('anything else is a StartupError naming both values, before the file is touched', async () => {
    // trust boundary: what a host in plain JavaScript could pass.
    const wrong = 'FULL' as WorkspaceOptions['sqliteSynchronous'];
    const refused = await openWorkspace({
      database: `sqlite:${fresh.database.path}`,
      sqliteSynchronous: wrong,
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(StartupError);
    expect(String(refused)).to.include('sqliteSynchronous must be one of normal, full');
    expect(existsSync(fresh.database.path)).to.equal(false);
  });
});
