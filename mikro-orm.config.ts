/**
 * MikroORM configuration for tooling, read from the same environment as the server
 * (DATABASE_URL). The application itself builds its options in the persistence adapter.
 */
import { mikroOrmOptions } from './adapters/persistence/mikro-orm/mikro-orm-options.js';
import { ConfigError, loadConfig } from './bootstrap/config.js';

const { database } = loadConfig(process.env);
if (database.kind === 'memory')
  throw new ConfigError('MikroORM tooling needs a SQL DATABASE_URL (sqlite: or postgres://)');

export default await mikroOrmOptions(database);
