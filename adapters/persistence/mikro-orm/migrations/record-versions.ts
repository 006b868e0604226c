/** The owned record tables, which had no version before Migration20261124054000 (…054001). */
const RECORD_TABLES = [
  'clients',
  'projects',
  'categories',
  'cards',
  'notes',
  'time_records',
  'money_records',
];

/**
 * A version on every record, as tasks have: each write the service makes raises it, so the read
 * side can tell a row it has decoded before from a changed one (VersionedRows). Existing rows start
 * at 1, as new ones do. `integer`: the dialect's spelling of the column type.
 */
export const addRecordVersions = (integer: string): string[] =>
  RECORD_TABLES.map((table) => `alter table ${table} add column version ${integer} not null default 1;`);

export const dropRecordVersions = (): string[] =>
  RECORD_TABLES.map((table) => `alter table ${table} drop column version;`);
