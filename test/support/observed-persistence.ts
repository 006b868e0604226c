import { openSqlPersistence } from '../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { FreshDatabase } from './persistence-harness.js';

/** A migrated SQL persistence on `fresh`, and every statement it runs (its SQL), in order. */
export const observedSqlPersistence = async (
  fresh: FreshDatabase,
): Promise<{ readonly persistence: Persistence; readonly statements: string[] }> => {
  const statements: string[] = [];
  const persistence = await openSqlPersistence(fresh.database, {
    migrate: true,
    observeQuery: (sample) => statements.push(sample.sql),
  });
  return { persistence, statements };
};
