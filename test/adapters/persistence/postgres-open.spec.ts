import { expect } from 'chai';
import pg from 'pg';
import { POSTGRESQL_MIGRATIONS } from '../../../adapters/persistence/mikro-orm/migrations/postgresql/index.js';
import { POSTGRESQL_MIGRATION_NAMES } from '../../../adapters/persistence/mikro-orm/migrations/postgresql/names.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { PendingMigrations } from '../../../adapters/persistence/mikro-orm/pending-migrations.js';
import { packagesLoadedOpening } from '../../support/packages-loaded.js';
import { freshPostgresDatabase } from '../../support/persistence-harness.js';

/** The migrations this build knows that have not run on the database (all of them on a new one). */
const pendingPostgresMigrations = async (pool: pg.Pool): Promise<string[]> => {
  const { rows } = await pool.query<{ known: boolean }>(
    "select to_regclass('mikro_orm_migrations') is not null as known",
  );
  if (rows[0]?.known !== true) return [...POSTGRESQL_MIGRATION_NAMES];
  const applied = new Set(
    (await pool.query<{ name: string }>('select name from mikro_orm_migrations')).rows.map((row) => row.name),
  );
  return POSTGRESQL_MIGRATION_NAMES.filter((name) => !applied.has(name));
};

describe('PostgreSQL opened through MikroORM', function () {
  this.timeout(60_000);
  let url: string;
  let pool: pg.Pool;

  beforeEach(async () => {
    const fresh = await freshPostgresDatabase();
    if (fresh.database.kind !== 'postgresql') throw new Error('not PostgreSQL');
    url = fresh.database.url;
    pool = new pg.Pool({ connectionString: url, max: 1 });
  });
  afterEach(() => pool.end());

  it('knows the name of every PostgreSQL migration, in order', () => {
    expect(POSTGRESQL_MIGRATION_NAMES).to.deep.equal(
      POSTGRESQL_MIGRATIONS.map((migration) => migration.name),
    );
  });

  it('sees every migration pending on a new database, none once opened, and one again when its record is gone', async () => {
    expect(await pendingPostgresMigrations(pool)).to.deep.equal(POSTGRESQL_MIGRATION_NAMES);
    await (await openSqlPersistence({ kind: 'postgresql', url }, { migrate: true })).close();
    expect(await pendingPostgresMigrations(pool)).to.deep.equal([]);
    const latest = POSTGRESQL_MIGRATION_NAMES.at(-1);
    await pool.query('delete from mikro_orm_migrations where name = $1', [latest]);
    expect(await pendingPostgresMigrations(pool)).to.deep.equal([latest]);
  });

  it('refuses to open with a migration pending when told not to migrate, naming it', async () => {
    await (await openSqlPersistence({ kind: 'postgresql', url }, { migrate: true })).close();
    await pool.query('delete from mikro_orm_migrations where name = $1', [POSTGRESQL_MIGRATION_NAMES.at(-1)]);
    const refused = await openSqlPersistence({ kind: 'postgresql', url }, { migrate: false }).then(
      () => null,
      (error: unknown) => error,
    );
    // By name: the spec's module and the one the open loads on demand may be two copies under tsx.
    expect(refused).to.include({ name: PendingMigrations.name });
    expect(refused).to.have.deep.property('names', [POSTGRESQL_MIGRATION_NAMES.at(-1)]);
    expect((refused as Error).message).to.include(POSTGRESQL_MIGRATION_NAMES.at(-1));
  });

  it('starts with its own driver and job queue: no SQLite driver is loaded', async () => {
    await (await openSqlPersistence({ kind: 'postgresql', url }, { migrate: true })).close();
    const opened = await packagesLoadedOpening({ kind: 'postgresql', url });
    expect(opened.healthy).to.equal(true);
    expect(opened.loaded).to.include.members(['pg', 'pg-boss', '@mikro-orm/postgresql']);
    expect(
      opened.loaded.filter((name) => name === '@mikro-orm/sqlite' || name === 'better-sqlite3'),
    ).to.deep.equal([]);
  });
});
