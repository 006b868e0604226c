/**
 * The names of every PostgreSQL migration, oldest first: what `mikro_orm_migrations` holds once they
 * all ran. Kept apart from the migration classes (whose module loads MikroORM) so that a start on
 * an up-to-date database can see there is nothing to do without loading the ORM at all. A spec holds
 * this list to `POSTGRESQL_MIGRATIONS`: add each new migration to both.
 */
export const POSTGRESQL_MIGRATION_NAMES: readonly string[] = [
  'Migration20261122030205',
  'Migration20261122032358',
  'Migration20261123035411',
  'Migration20261123042029',
  'Migration20261123062858',
  'Migration20261123070646',
  'Migration20261123071758',
  'Migration20261123072040',
  'Migration20261123073501',
  'Migration20261123074346',
  'Migration20261123081430',
  'Migration20261123100001',
  'Migration20261124031559',
  'Migration20261124054001',
  'Migration20261124090001',
  'Migration20261124120001',
  'Migration20261124140001',
  'Migration20261125014039',
  'Migration20261125020001',
  'Migration20261125100001',
  'Migration20261125120001',
  'Migration20261125150001',
  'Migration20261127140001',
  'Migration20261128030001',
  'Migration20261128090001',
  'Migration20261129100001',
  'Migration20261129140001',
  'Migration20261130090001',
];
