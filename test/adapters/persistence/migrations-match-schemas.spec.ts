import { MikroORM } from '@mikro-orm/sql';
import { expect } from 'chai';
import { migrateUp } from '../../../adapters/persistence/mikro-orm/migrate.js';
import { mikroOrmOptions } from '../../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { COLUMNS } from '../../../adapters/persistence/mikro-orm/schemas/columns.js';
import { ALL_SCHEMAS, SQLITE_SCHEMAS } from '../../../adapters/persistence/mikro-orm/schemas/index.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';

/**
 * The entity schemas (`schemas/`) and the migrations describe the same tables: a column, index or
 * table added to one and not the other fails here, and the statements MikroORM prints are the
 * migration still to write (docs/architecture.md, "Adding a field").
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`migrations and entity schemas (${name})`, function () {
    this.timeout(60_000);

    it('the migrated database is what the entity schemas describe: nothing left to change', async () => {
      const { database, cleanup } = await open();
      const orm = await MikroORM.init(await mikroOrmOptions(database));
      try {
        await migrateUp(orm, database.kind);
        const missing = await orm.schema.getUpdateSchemaSQL({ wrap: false });
        expect(missing.trim(), `the migration still to write:\n${missing}`).to.equal('');
        // The column lists statements select by name are the tables' columns, every one.
        const tables = await orm.em.getKysely().introspection.getTables();
        const schemas = database.kind === 'sqlite' ? SQLITE_SCHEMAS : ALL_SCHEMAS;
        for (const [table, columns] of Object.entries(COLUMNS)) {
          if (!schemas.some((schema) => schema.meta.tableName === table)) continue;
          const migrated = tables.find((found) => found.name === table)?.columns.map((column) => column.name);
          expect([...columns].sort(), table).to.deep.equal(migrated?.sort());
        }
      } finally {
        await orm.close(true);
        cleanup();
      }
    });
  });
}
