import type { RecordRepository, RecordUsage } from '../../../application/ports/record.repository.js';
import type { Stored } from '../../../domain/workspace/records.js';
import { type InMemoryState, nextId } from './in-memory-state.js';

/** One kind of owned record kept in one of the state's maps. */
export const inMemoryRecords = <F extends object>(
  state: InMemoryState,
  table: string,
  records: Map<number, Stored<F>>,
): RecordRepository<F> => ({
  findOwned: async (ownerId, id) => {
    const record = records.get(id);
    return record?.ownerId === ownerId ? record : null;
  },
  add: async (ownerId, fields, at) => {
    const record: Stored<F> = { ...fields, id: nextId(state, table), ownerId, createdAt: at, updatedAt: at };
    records.set(record.id, record);
    return record;
  },
  update: async (record) => {
    records.set(record.id, record);
  },
  delete: async (id) => {
    records.delete(id);
  },
});

/** Everything that may point at a record of each referenced kind. */
export const inMemoryUsage = (state: InMemoryState): RecordUsage => ({
  isReferenced: async (kind, id) => {
    const linked = [
      ...state.tasks.values(),
      ...state.notes.values(),
      ...state.times.values(),
      ...state.moneys.values(),
    ];
    switch (kind) {
      case 'client':
        return (
          linked.some((r) => r.clientId === id) || [...state.projects.values()].some((p) => p.clientId === id)
        );
      case 'project':
        return linked.some((r) => r.projectId === id);
      case 'category':
        return linked.some((r) => r.categoryId === id);
      case 'card':
        return [...state.moneys.values()].some((m) => m.card === id || m.toCard === id);
    }
  },
});
