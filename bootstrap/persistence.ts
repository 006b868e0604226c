import { openInMemoryPersistence } from '../adapters/persistence/in-memory/open-in-memory-persistence.js';
import { openMikroOrmPersistence } from '../adapters/persistence/mikro-orm/open-mikro-orm-persistence.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import type { DatabaseConfig } from './config.js';

export const openPersistence = (
  database: DatabaseConfig,
  options: { readonly migrate: boolean },
): Promise<Persistence> =>
  database.kind === 'memory'
    ? Promise.resolve(openInMemoryPersistence())
    : openMikroOrmPersistence(database, options);
