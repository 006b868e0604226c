import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { RecordRepository, RecordUsage } from '../../../../application/ports/record.repository.js';
import type { Stored } from '../../../../domain/workspace/records.js';
import { type RecordKindName, referrersOf } from '../../../../domain/workspace/references.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import type { SqlRunner } from '../read/sql-runner.js';
import type { RecordTable } from '../record-tables.js';
import { MoneySchema, NoteSchema, TimeSchema } from '../schemas/linked-record.schemas.js';
import { TaskSchema } from '../schemas/task.schemas.js';
import { CardSchema, CategorySchema, ClientSchema, ProjectSchema } from '../schemas/workspace.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import {
  columnIn,
  insertReturning,
  RowsAsRead,
  shapeOf,
  type TableShape,
  updateById,
} from './table-statements.js';

interface RecordStatements {
  readonly shape: TableShape;
  readonly findOwned: string;
  /** As `findOwned`, locking the row where rows can be locked. */
  readonly findOwnedLocked: string;
  readonly remove: string;
}

const statements = new WeakMap<object, RecordStatements>();

/** A record table's statements, written once (a unit of work builds every repository). */
const statementsOf = (table: RecordTable<unknown, unknown>): RecordStatements => {
  let found = statements.get(table);
  if (found === undefined) {
    const shape = shapeOf(table.schema);
    const findOwned = `select ${shape.selection} from ${shape.table} where id = ? and owner_id = ?`;
    found = {
      shape,
      findOwned,
      findOwnedLocked: `${findOwned} for update`,
      remove: `delete from ${shape.table} where id = ? returning owner_id`,
    };
    statements.set(table, found);
  }
  return found;
};

/** Where a record repository notes what it changed: the transaction's recorder, and the records' resource. */
export interface ChangeNotes {
  readonly resource: ChangeResource;
  readonly changes: ChangeRecorder;
}

/** One kind of owned record in its table, through the transaction's connection. */
export const sqlRecords = <F, R>(
  tx: SqlRunner,
  dialect: SqlDialect,
  table: RecordTable<F, R>,
  { resource, changes }: ChangeNotes,
): RecordRepository<F> => {
  // trust boundary: statements are built from the table's schema alone, whatever its field and row types.
  const { shape, findOwned, findOwnedLocked, remove } = statementsOf(table as RecordTable<unknown, unknown>);
  // A locked read waits for another writer's commit and then sees its row: checks made on it hold.
  const findOwnedForUpdate = dialect.rowLocks ? findOwnedLocked : findOwned;
  /** The writable properties of a record, as stored. */
  const stored = (record: Stored<F>) => ({ ...table.toRow(record), updatedAt: record.updatedAt.getTime() });
  const asRead = new RowsAsRead<ReturnType<typeof stored>>();
  const read = async (sql: string, ownerId: number, id: number) => {
    const row = await tx.get(sql, [id, ownerId]);
    if (!row) return null;
    const record = table.fromRow(row);
    asRead.remember(id, stored(record));
    return record;
  };
  return {
    findOwned: (ownerId, id) => read(findOwned, ownerId, id),
    findOwnedForUpdate: (ownerId, id) => read(findOwnedForUpdate, ownerId, id),
    add: async (ownerId, fields, at) => {
      const row = { ...table.toRow(fields), ownerId, createdAt: at.getTime(), updatedAt: at.getTime() };
      const { sql, params } = insertReturning(shape, row);
      const stored = table.fromRow((await tx.get(sql, params)) ?? {});
      changes.record(ownerId, resource, stored.id, 'created');
      return stored;
    },
    update: async (record) => {
      const changed = asRead.changes(record.id, stored(record));
      // Nothing differs from the row as read (an edit within the millisecond of the last one).
      if (Object.keys(changed).length === 0) return;
      const { sql, params } = updateById(shape, record.id, changed, 'version = version + 1');
      await tx.run(sql, params);
      changes.record(record.ownerId, resource, record.id, 'updated');
    },
    delete: async (id) => {
      const deleted = await tx.get(remove, [id]);
      if (deleted !== undefined) changes.record(Number(deleted.owner_id), resource, id, 'deleted');
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

/** `REFERENCES` read backwards: one "is anything pointing at it" statement per referring column. */
const usageStatements = (kind: RecordKindName): readonly string[] =>
  referrersOf(kind).map(({ kind: referrer, field }) => {
    const shape = shapeOf(SCHEMAS[referrer]);
    return `select 1 as used from ${shape.table} where ${columnIn(shape, field)} = ? limit 1`;
  });

export const sqlUsage = (tx: SqlRunner): RecordUsage => ({
  isReferenced: async (kind, id) => {
    for (const sql of usageStatements(kind)) {
      if ((await tx.get(sql, [id])) !== undefined) return true;
    }
    return false;
  },
});
