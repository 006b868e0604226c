import type { ChangeResource } from '../../../application/ports/change-log.port.js';
import type { RecordRepository, RecordUsage } from '../../../application/ports/record.repository.js';
import type { Stored } from '../../../domain/workspace/records.js';
import { type RecordKindName, referrersOf } from '../../../domain/workspace/references.js';
import type { ChangeRecorder } from '../change-recorder.js';
import { type InMemoryState, nextId } from './in-memory-state.js';

/**
 * One kind of owned record kept in one of the state's maps; the map is looked up on each call, so a
 * transaction copies only the tables it touches.
 */
export const inMemoryRecords = <F extends object>(
  state: InMemoryState,
  table: ChangeResource,
  records: () => Map<number, Stored<F>>,
  changes: ChangeRecorder,
): RecordRepository<F> => {
  const findOwned = async (ownerId: number, id: number) => {
    const record = records().get(id);
    return record?.ownerId === ownerId ? record : null;
  };
  return {
    findOwned,
    // Transactions on the in-memory store run one at a time: there is nothing to lock.
    findOwnedForUpdate: findOwned,
    add: async (ownerId, fields, at) => {
      const record: Stored<F> = {
        ...fields,
        id: nextId(state, table),
        ownerId,
        createdAt: at,
        updatedAt: at,
      };
      records().set(record.id, record);
      changes.record(ownerId, table, record.id, 'created', record);
      return record;
    },
    addAll: async (ownerId, added) =>
      added.map((fields) => {
        const record: Stored<F> = { ...fields, id: nextId(state, table), ownerId };
        records().set(record.id, record);
        changes.record(ownerId, table, record.id, 'created', record);
        return record;
      }),
    update: async (record) => {
      records().set(record.id, record);
      changes.record(record.ownerId, table, record.id, 'updated', record);
    },
    delete: async (id) => {
      const record = records().get(id);
      records().delete(id);
      if (record !== undefined) changes.record(record.ownerId, table, id, 'deleted');
    },
  };
};

/** The state's map of each record kind. */
const recordsOf = (state: InMemoryState, kind: RecordKindName): Map<number, object> =>
  ({
    task: state.tasks,
    client: state.clients,
    project: state.projects,
    category: state.categories,
    card: state.cards,
    note: state.notes,
    time: state.times,
    money: state.moneys,
  })[kind];

/** Follows `REFERENCES` backwards: is any record pointing at this one? */
/** Every kind of record an owner owns. */
const OWNED_KINDS: readonly RecordKindName[] = [
  'task',
  'client',
  'project',
  'category',
  'card',
  'note',
  'time',
  'money',
];

export const inMemoryUsage = (state: InMemoryState): RecordUsage => ({
  ownsAny: async (ownerId) =>
    OWNED_KINDS.some((kind) =>
      [...recordsOf(state, kind).values()].some(
        (record) => Object.getOwnPropertyDescriptor(record, 'ownerId')?.value === ownerId,
      ),
    ),
  isReferenced: async (kind, id) =>
    referrersOf(kind).some(({ kind: referrer, field }) =>
      [...recordsOf(state, referrer).values()].some(
        (record) => Object.getOwnPropertyDescriptor(record, field)?.value === id,
      ),
    ),
});
