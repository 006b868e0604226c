import type { FilterQuery, LockMode, RequiredEntityData } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { RecordRepository, RecordUsage } from '../../../application/ports/record.repository.js';
import { type RecordKindName, referrersOf } from '../../../domain/workspace/references.js';
import type { RecordTable } from './record-tables.js';
import { MoneySchema, NoteSchema, TimeSchema } from './schemas/linked-record.schemas.js';
import { TaskSchema } from './schemas/task.schemas.js';
import { CardSchema, CategorySchema, ClientSchema, ProjectSchema } from './schemas/workspace.schemas.js';

/** One kind of owned record in its table, through the transaction's EntityManager. */
/** The columns every owned record table has, as MikroORM hands them over. */
interface OwnedRow {
  id: number;
  ownerId: number;
  createdAt: number;
  updatedAt: number;
}

export const mikroOrmRecords = <F extends object, R extends OwnedRow>(
  em: EntityManager,
  table: RecordTable<F, R>,
  /** How `findOwnedForUpdate` locks its row: `PESSIMISTIC_WRITE` where rows can be locked (PostgreSQL). */
  lock: { readonly lockMode?: LockMode },
): RecordRepository<F> => {
  const { schema } = table;
  // The owned tables all key on `id` and `ownerId`; MikroORM cannot see that through R.
  const owned = (ownerId: number, id: number) => ({ id, ownerId }) as FilterQuery<R>;
  const byId = (id: number) => ({ id }) as FilterQuery<R>;
  const read = (row: R) => table.fromRow(row);
  return {
    findOwned: async (ownerId, id) => {
      const row = await em.findOne(schema, owned(ownerId, id));
      return row ? read(row) : null;
    },
    findOwnedForUpdate: async (ownerId, id) => {
      // A locked read waits for another writer's commit and then sees its row: checks made on it hold.
      const row = await em.findOne(schema, owned(ownerId, id), lock);
      return row ? read(row) : null;
    },
    add: async (ownerId, fields, at) => {
      const data = { ...table.toRow(fields), ownerId, createdAt: at.getTime(), updatedAt: at.getTime() };
      const row = em.create(schema, data as RequiredEntityData<R>);
      await em.flush();
      return read(row);
    },
    update: async (record) => {
      const row = await em.findOneOrFail(schema, byId(record.id));
      // MikroORM finds the changes by comparing the managed row with its snapshot at flush.
      em.assign(row, { ...table.toRow(record), updatedAt: record.updatedAt.getTime() } as never);
    },
    delete: async (id) => {
      const row = await em.findOne(schema, byId(id));
      if (row) em.remove(row);
    },
  };
};

const SCHEMAS = {
  task: TaskSchema,
  client: ClientSchema,
  project: ProjectSchema,
  category: CategorySchema,
  card: CardSchema,
  note: NoteSchema,
  time: TimeSchema,
  money: MoneySchema,
} as const;

/** Where a record kind's reference field lives: the schema's table and the property's column. */
const columnIn = (kind: RecordKindName, field: string): readonly [string, string] => {
  const { meta } = SCHEMAS[kind];
  const property: object | undefined = Object.entries(meta.properties).find(([name]) => name === field)?.[1];
  // Discovery fills `fieldNames`; before it, the schema holds the `fieldName` it was declared with.
  const discovered: unknown = property && 'fieldNames' in property ? property.fieldNames : undefined;
  const declared: unknown = property && 'fieldName' in property ? property.fieldName : undefined;
  const column = Array.isArray(discovered) && typeof discovered[0] === 'string' ? discovered[0] : declared;
  if (typeof column !== 'string') throw new Error(`${meta.className} has no column for ${field}`);
  return [meta.tableName, column];
};

/** `REFERENCES` read backwards, as (table, column) pairs from the schemas' own metadata. */
const referringColumns = (kind: RecordKindName): readonly (readonly [string, string])[] =>
  referrersOf(kind).map(({ kind: referrer, field }) => columnIn(referrer, field));

export const mikroOrmUsage = (em: EntityManager): RecordUsage => ({
  isReferenced: async (kind, id) => {
    for (const [table, column] of referringColumns(kind)) {
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
