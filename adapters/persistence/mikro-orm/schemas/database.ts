import type { InferKyselyDB } from '@mikro-orm/sql';
import type { TableSchema } from './index.js';

/**
 * Every table as Kysely sees it, inferred from the entity definitions (`InferKyselyDB`): the typed
 * queries' tables, columns and row types come from here, so a column a query misnames, or a value
 * of the wrong type, is a compile error. An interface, so that declarations name it rather than
 * spell it out.
 */
export interface Database extends InferKyselyDB<TableSchema> {}
