import { Migration20261122030204 } from './Migration20261122030204.js';

/** Every SQLite migration, oldest first. Add new ones here: nothing is discovered from the file system. */
export const SQLITE_MIGRATIONS = [{ name: 'Migration20261122030204', class: Migration20261122030204 }];
