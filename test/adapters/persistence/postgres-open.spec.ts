import { expect } from 'chai';
import pg from 'pg';
import { POSTGRESQL_MIGRATIONS } from '../../../adapters/persistence/mikro-orm/migrations/postgresql/index.js';
import { POSTGRESQL_MIGRATION_NAMES } from '../../../adapters/persistence/mikro-orm/migrations/postgresql/names.js';
import { pendingPostgresMigrations } from '../../../adapters/persistence/mikro-orm/open-postgres-persistence.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { PendingMigrations } from '../../../adapters/persistence/mikro-orm/pending-migrations.js';
import { mikroOrmPackagesLoadedOpening } from '../../support/packages-loaded.js';
import { freshPostgresDatabase } from '../../support/persistence-harness.js';

/** A PostgreSQL database opens with the driver alone; MikroORM is loaded only to migrate (or create it). */
describe('PostgreSQL opened without MikroORM', function () {
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
    expect(refused).to.be.instanceOf(PendingMigrations);
    expect((refused as Error).message).to.include(POSTGRESQL_MIGRATION_NAMES.at(-1));
  });

  it('starts on an up-to-date database without loading MikroORM at all', async () => {
    await (await openSqlPersistence({ kind: 'postgresql', url }, { migrate: true })).close();
    expect(await mikroOrmPackagesLoadedOpening({ kind: 'postgresql', url })).to.deep.equal({
      healthy: true,
      loaded: [],
    });
  });
});
