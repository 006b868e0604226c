import { Migration20261122030205 } from './Migration20261122030205.js';
import { Migration20261122032358 } from './Migration20261122032358.js';
import { Migration20261123035411 } from './Migration20261123035411.js';
import { Migration20261123042029 } from './Migration20261123042029.js';
import { Migration20261123062858 } from './Migration20261123062858.js';
import { Migration20261123070646 } from './Migration20261123070646.js';
import { Migration20261123071758 } from './Migration20261123071758.js';
import { Migration20261123072040 } from './Migration20261123072040.js';
import { Migration20261123073501 } from './Migration20261123073501.js';
import { Migration20261123074346 } from './Migration20261123074346.js';
import { Migration20261123081430 } from './Migration20261123081430.js';
import { Migration20261123100001 } from './Migration20261123100001.js';
import { Migration20261124031559 } from './Migration20261124031559.js';
import { Migration20261124054001 } from './Migration20261124054001.js';
import { Migration20261124090001 } from './Migration20261124090001.js';
import { Migration20261124120001 } from './Migration20261124120001.js';
import { Migration20261124140001 } from './Migration20261124140001.js';
import { Migration20261125014039 } from './Migration20261125014039.js';
import { Migration20261125020001 } from './Migration20261125020001.js';
import { Migration20261125100001 } from './Migration20261125100001.js';
import { Migration20261125120001 } from './Migration20261125120001.js';
import { Migration20261125150001 } from './Migration20261125150001.js';

/** Every PostgreSQL migration, oldest first. Add new ones here: nothing is discovered from the file system. */
export const POSTGRESQL_MIGRATIONS = [
  { name: 'Migration20261122030205', class: Migration20261122030205 },
  { name: 'Migration20261122032358', class: Migration20261122032358 },
  { name: 'Migration20261123035411', class: Migration20261123035411 },
  { name: 'Migration20261123042029', class: Migration20261123042029 },
  { name: 'Migration20261123062858', class: Migration20261123062858 },
  { name: 'Migration20261123070646', class: Migration20261123070646 },
  { name: 'Migration20261123071758', class: Migration20261123071758 },
  { name: 'Migration20261123072040', class: Migration20261123072040 },
  { name: 'Migration20261123073501', class: Migration20261123073501 },
  { name: 'Migration20261123074346', class: Migration20261123074346 },
  { name: 'Migration20261123081430', class: Migration20261123081430 },
  { name: 'Migration20261123100001', class: Migration20261123100001 },
  { name: 'Migration20261124031559', class: Migration20261124031559 },
  { name: 'Migration20261124054001', class: Migration20261124054001 },
  { name: 'Migration20261124090001', class: Migration20261124090001 },
  { name: 'Migration20261124120001', class: Migration20261124120001 },
  { name: 'Migration20261124140001', class: Migration20261124140001 },
  { name: 'Migration20261125014039', class: Migration20261125014039 },
  { name: 'Migration20261125020001', class: Migration20261125020001 },
  { name: 'Migration20261125100001', class: Migration20261125100001 },
  { name: 'Migration20261125120001', class: Migration20261125120001 },
  { name: 'Migration20261125150001', class: Migration20261125150001 },
];
