import { Migration20261122030204 } from './Migration20261122030204.js';
import { Migration20261122032357 } from './Migration20261122032357.js';
import { Migration20261123035410 } from './Migration20261123035410.js';
import { Migration20261123042027 } from './Migration20261123042027.js';
import { Migration20261123062857 } from './Migration20261123062857.js';
import { Migration20261123070645 } from './Migration20261123070645.js';
import { Migration20261123071756 } from './Migration20261123071756.js';
import { Migration20261123072038 } from './Migration20261123072038.js';
import { Migration20261123073500 } from './Migration20261123073500.js';
import { Migration20261123081427 } from './Migration20261123081427.js';
import { Migration20261123100000 } from './Migration20261123100000.js';
import { Migration20261124031557 } from './Migration20261124031557.js';
import { Migration20261124053000 } from './Migration20261124053000.js';
import { Migration20261124054000 } from './Migration20261124054000.js';
import { Migration20261124055000 } from './Migration20261124055000.js';
import { Migration20261124090000 } from './Migration20261124090000.js';
import { Migration20261124120000 } from './Migration20261124120000.js';
import { Migration20261124130000 } from './Migration20261124130000.js';
import { Migration20261124140000 } from './Migration20261124140000.js';
import { Migration20261125014037 } from './Migration20261125014037.js';
import { Migration20261125020000 } from './Migration20261125020000.js';
import { Migration20261125100000 } from './Migration20261125100000.js';
import { Migration20261125120000 } from './Migration20261125120000.js';
import { Migration20261125150000 } from './Migration20261125150000.js';
import { Migration20261127130000 } from './Migration20261127130000.js';
import { Migration20261127140000 } from './Migration20261127140000.js';
import { Migration20261128030000 } from './Migration20261128030000.js';
import { Migration20261128090000 } from './Migration20261128090000.js';
import { Migration20261129100000 } from './Migration20261129100000.js';
import { Migration20261129140000 } from './Migration20261129140000.js';

/**
 * Every SQLite migration, oldest first. Add new ones here, and their names to `names.ts`: nothing is
 * discovered from the file system.
 */
export const SQLITE_MIGRATIONS = [
  { name: 'Migration20261122030204', class: Migration20261122030204 },
  { name: 'Migration20261122032357', class: Migration20261122032357 },
  { name: 'Migration20261123035410', class: Migration20261123035410 },
  { name: 'Migration20261123042027', class: Migration20261123042027 },
  { name: 'Migration20261123062857', class: Migration20261123062857 },
  { name: 'Migration20261123070645', class: Migration20261123070645 },
  { name: 'Migration20261123071756', class: Migration20261123071756 },
  { name: 'Migration20261123072038', class: Migration20261123072038 },
  { name: 'Migration20261123073500', class: Migration20261123073500 },
  { name: 'Migration20261123081427', class: Migration20261123081427 },
  { name: 'Migration20261123100000', class: Migration20261123100000 },
  { name: 'Migration20261124031557', class: Migration20261124031557 },
  { name: 'Migration20261124053000', class: Migration20261124053000 },
  { name: 'Migration20261124054000', class: Migration20261124054000 },
  { name: 'Migration20261124055000', class: Migration20261124055000 },
  { name: 'Migration20261124090000', class: Migration20261124090000 },
  { name: 'Migration20261124120000', class: Migration20261124120000 },
  { name: 'Migration20261124130000', class: Migration20261124130000 },
  { name: 'Migration20261124140000', class: Migration20261124140000 },
  { name: 'Migration20261125014037', class: Migration20261125014037 },
  { name: 'Migration20261125020000', class: Migration20261125020000 },
  { name: 'Migration20261125100000', class: Migration20261125100000 },
  { name: 'Migration20261125120000', class: Migration20261125120000 },
  { name: 'Migration20261125150000', class: Migration20261125150000 },
  { name: 'Migration20261127130000', class: Migration20261127130000 },
  { name: 'Migration20261127140000', class: Migration20261127140000 },
  { name: 'Migration20261128030000', class: Migration20261128030000 },
  { name: 'Migration20261128090000', class: Migration20261128090000 },
  { name: 'Migration20261129100000', class: Migration20261129100000 },
  { name: 'Migration20261129140000', class: Migration20261129140000 },
];
