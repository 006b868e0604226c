/**
 * The names of every SQLite migration, oldest first: what `mikro_orm_migrations` holds once they
 * all ran. Kept apart from the migration classes (whose module loads MikroORM) so that a start on
 * an up-to-date file can see there is nothing to do without loading the ORM at all. A spec holds
 * this list to `SQLITE_MIGRATIONS`: add each new migration to both.
 */
export const SQLITE_MIGRATION_NAMES: readonly string[] = [
  'Migration20261122030204',
  'Migration20261122032357',
  'Migration20261123035410',
  'Migration20261123042027',
  'Migration20261123062857',
  'Migration20261123070645',
  'Migration20261123071756',
  'Migration20261123072038',
  'Migration20261123073500',
  'Migration20261123081427',
  'Migration20261123100000',
  'Migration20261124031557',
  'Migration20261124053000',
  'Migration20261124054000',
  'Migration20261124055000',
  'Migration20261124090000',
  'Migration20261124120000',
  'Migration20261124130000',
  'Migration20261124140000',
  'Migration20261125014037',
  'Migration20261125020000',
  'Migration20261125100000',
  'Migration20261125120000',
  'Migration20261125150000',
  'Migration20261127130000',
  'Migration20261127140000',
  'Migration20261128030000',
  'Migration20261128090000',
  'Migration20261129100000',
  'Migration20261129140000',
  'Migration20261130090000',
];
