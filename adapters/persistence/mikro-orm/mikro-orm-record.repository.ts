import type { EntitySchema, FilterQuery, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type {
  RecordRepository,
  RecordUsage,
  ReferencedKind,
} from '../../../application/ports/record.repository.js';
import type { Stored } from '../../../domain/workspace/records.js';

/** The columns every owned record table has, as MikroORM hands them over. */
interface OwnedRow {
  id: number;
  ownerId: number;
  createdAt: number;
  updatedAt: number;
}

/**
 * A row (from MikroORM or a raw statement) as a domain record. Their property names match by
 * design; only instants differ (epoch milliseconds in the row, Date in the domain), and SQLite
 * hands booleans over as 0/1.
 */
export const storedFromRow = <F>(row: object): Stored<F> => {
  const record: Record<string, unknown> = {
    ...row,
    createdAt: new Date(Number(Reflect.get(row, 'createdAt'))),
    updatedAt: new Date(Number(Reflect.get(row, 'updatedAt'))),
  };
  if ('active' in row) record.active = Boolean(row.active);
  // The row was written from a Stored<F> by this adapter, through the same schema.
  return record as Stored<F>;
};

/** One kind of owned record in its table, through the transaction's EntityManager. */
export const mikroOrmRecords = <F extends object, R extends OwnedRow>(
  em: EntityManager,
  schema: EntitySchema<R>,
): RecordRepository<F> => {
  const owned = (ownerId: number, id: number) => ({ id, ownerId }) as FilterQuery<R>;
  const byId = (id: number) => ({ id }) as FilterQuery<R>;
  return {
    findOwned: async (ownerId, id) => {
      const row = await em.findOne(schema, owned(ownerId, id));
      return row ? storedFromRow<F>(row) : null;
    },
    add: async (ownerId, fields, at) => {
      const data = { ...fields, ownerId, createdAt: at.getTime(), updatedAt: at.getTime() };
      // F's fields are R's columns by design; MikroORM cannot see that through two type parameters.
      const row = em.create(schema, data as unknown as RequiredEntityData<R>);
      await em.flush();
      return storedFromRow<F>(row);
    },
    update: async (record) => {
      const row = await em.findOneOrFail(schema, byId(record.id));
      const { id: _id, ownerId: _owner, createdAt: _created, updatedAt, ...fields } = record;
      // MikroORM finds the changes by comparing the managed row with its snapshot at flush.
      Object.assign(row, { ...fields, updatedAt: updatedAt.getTime() });
    },
    delete: async (id) => {
      const row = await em.findOne(schema, byId(id));
      if (row) em.remove(row);
    },
  };
};

/** Where each referenced kind may be pointed at from. */
const REFERRERS: Record<ReferencedKind, readonly (readonly [table: string, column: string])[]> = {
  client: [
    ['tasks', 'client_id'],
    ['projects', 'client_id'],
    ['notes', 'client_id'],
    ['time_records', 'client_id'],
    ['money_records', 'client_id'],
  ],
  project: [
    ['tasks', 'project_id'],
    ['notes', 'project_id'],
    ['time_records', 'project_id'],
    ['money_records', 'project_id'],
  ],
  category: [
    ['tasks', 'category_id'],
    ['notes', 'category_id'],
    ['time_records', 'category_id'],
    ['money_records', 'category_id'],
  ],
  card: [
    ['money_records', 'card_id'],
    ['money_records', 'to_card_id'],
  ],
};

export const mikroOrmUsage = (em: EntityManager): RecordUsage => ({
  isReferenced: async (kind, id) => {
    for (const [table, column] of REFERRERS[kind]) {
      const rows = await em.execute(
        `select 1 as used from ${table} where ${column} = ? limit 1`,
        [id],
        'all',
      );
      if (rows.length > 0) return true;
    }
    return false;
  },
});
