import type { ChangeResource } from '../../../../application/ports/change-log.port.js';
import type { RecordRepository, RecordUsage } from '../../../../application/ports/record.repository.js';
import type { Stored } from '../../../../domain/workspace/records.js';
import {
  type RecordKindName,
  type ReferenceField,
  referrersOf,
} from '../../../../domain/workspace/references.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import type { Statements } from '../orm-runner.js';
import type { RecordTable, RecordTableName } from '../record-table.js';
import { ONE_ROW } from '../row-count.js';
import { COLUMNS } from '../schemas/columns.js';
import type { SqlDialect } from '../sql-dialect.js';
import { chunksOf, inInsertOrder } from './many-rows.js';
import { RowsAsRead } from './rows-as-read.js';

/** Where a record repository notes what it changed: the transaction's recorder, and the records' resource. */
export interface ChangeNotes {
  readonly resource: ChangeResource;
  readonly changes: ChangeRecorder;
}

/** One kind of owned record in its table, through the transaction's connection. */
export const sqlRecords = <F>(
  q: Statements,
  dialect: SqlDialect,
  table: RecordTable<F>,
  { resource, changes }: ChangeNotes,
): RecordRepository<F> => {
  const { name } = table;
  /** The writable columns of a record, as stored. */
  const stored = (record: Stored<F>) => ({ ...table.toRow(record), updated_at: record.updatedAt.getTime() });
  const asRead = new RowsAsRead<ReturnType<typeof stored>>();
  const read = async (ownerId: number, id: number, lock: boolean) => {
    const row = await q.first(
      q.db
        .selectFrom(name)
        .select(COLUMNS[name])
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        // A locked read waits for another writer's commit and then sees its row: checks made on it hold.
        .$if(lock && dialect.rowLocks, (query) => query.forUpdate()),
    );
    if (!row) return null;
    const record = table.fromRow(row);
    asRead.remember(id, stored(record));
    return record;
  };
  return {
    findOwned: (ownerId, id) => read(ownerId, id, false),
    findOwnedForUpdate: (ownerId, id) => read(ownerId, id, true),
    add: async (ownerId, fields, at) => {
      const row = await q.returned(
        q.db
          .insertInto(name)
          .values({
            ...table.toRow(fields),
            owner_id: ownerId,
            created_at: at.getTime(),
            updated_at: at.getTime(),
          })
          .returning('id'),
      );
      // The record as stored: its fields as given, which its columns hold exactly.
      const added: Stored<F> = { ...fields, id: row.id, ownerId, createdAt: at, updatedAt: at };
      changes.record(ownerId, resource, added.id, 'created', added);
      return added;
    },
    addAll: async (ownerId, records) => {
      const added: Stored<F>[] = [];
      for (const chunk of chunksOf(records)) {
        const rows = chunk.map((record) => ({
          ...table.toRow(record),
          owner_id: ownerId,
          created_at: record.createdAt.getTime(),
          updated_at: record.updatedAt.getTime(),
        }));
        const ids = inInsertOrder(await q.all(q.db.insertInto(name).values(rows).returning('id')));
        for (const [index, record] of chunk.entries()) {
          const stored: Stored<F> = { ...record, id: ids[index] ?? 0, ownerId };
          changes.record(ownerId, resource, stored.id, 'created', stored);
          added.push(stored);
        }
      }
      return added;
    },
    update: async (record) => {
      const changed = asRead.changes(record.id, stored(record));
      // Nothing differs from the row as read (an edit within the millisecond of the last one).
      if (Object.keys(changed).length === 0) return;
      await q.run(
        q.db
          .updateTable(name)
          .set((row) => ({ ...changed, version: row('version', '+', 1) }))
          .where('id', '=', record.id),
      );
      changes.record(record.ownerId, resource, record.id, 'updated', record);
    },
    delete: async (id) => {
      const deleted = await q.first(q.db.deleteFrom(name).where('id', '=', id).returning('owner_id'));
      if (deleted !== undefined) changes.record(deleted.owner_id, resource, id, 'deleted');
    },
  };
};

/** The kinds whose records point at others, their tables, and the columns references are kept in. */
type ReferringKind = 'task' | 'project' | 'note' | 'time' | 'money';
type ReferenceColumn =
  | 'client_id'
  | 'category_id'
  | 'assignee_id'
  | 'project_id'
  | 'task_id'
  | 'card_id'
  | 'to_card_id';

const LINK_COLUMNS = {
  clientId: 'client_id',
  categoryId: 'category_id',
  taskId: 'task_id',
  projectId: 'project_id',
} as const;

/** `REFERENCES` as tables and columns: each referring kind's table, and the column of each field. */
const REFERENCE_COLUMNS: {
  readonly [K in ReferringKind]: readonly [
    RecordTableName | 'tasks',
    { readonly [F in ReferenceField<K>]: ReferenceColumn },
  ];
} = {
  task: [
    'tasks',
    { clientId: 'client_id', categoryId: 'category_id', assigneeId: 'assignee_id', projectId: 'project_id' },
  ],
  project: ['projects', { clientId: 'client_id' }],
  note: ['notes', LINK_COLUMNS],
  time: ['time_records', LINK_COLUMNS],
  money: ['money_records', { ...LINK_COLUMNS, card: 'card_id', toCard: 'to_card_id' }],
};

const isReferring = (kind: RecordKindName): kind is ReferringKind => kind in REFERENCE_COLUMNS;

/** Every table of records an owner owns. */
const OWNED_TABLES = [
  'tasks',
  'clients',
  'projects',
  'categories',
  'cards',
  'notes',
  'time_records',
  'money_records',
] as const;

/** `REFERENCES` read backwards: one "is anything pointing at it" statement per referring column. */
export const sqlUsage = (q: Statements): RecordUsage => ({
  ownsAny: async (owner) => {
    for (const table of OWNED_TABLES) {
      const owned = await q.first(
        q.db.selectFrom(table).select('id').where('owner_id', '=', owner).limit(ONE_ROW),
      );
      if (owned !== undefined) return true;
    }
    return false;
  },
  isReferenced: async (kind, id) => {
    for (const { kind: referrer, field } of referrersOf(kind)) {
      if (!isReferring(referrer)) continue;
      const [table, columns] = REFERENCE_COLUMNS[referrer];
      // trust boundary: `referrersOf` names the fields `REFERENCES` gives the referring kind.
      const column = (columns as Readonly<Record<string, ReferenceColumn>>)[field];
      if (column === undefined) continue;
      const used = await q.first(q.db.selectFrom(table).select('id').where(column, '=', id).limit(ONE_ROW));
      if (used !== undefined) return true;
    }
    return false;
  },
});
