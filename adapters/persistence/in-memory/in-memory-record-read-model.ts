import type { Paged } from '../../../application/ports/paging.js';
import type {
  ClientListQuery,
  LinkedRecordFilters,
  MoneyListQuery,
  NamedListQuery,
  NoteListQuery,
  ProjectListQuery,
  RecordReadModel,
  TimeListQuery,
} from '../../../application/ports/record-read-model.port.js';
import { dayOf, type LocalDateTime } from '../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../domain/task/task.js';
import type {
  Card,
  Category,
  Client,
  Links,
  MoneyRecord,
  Note,
  Owned,
  Project,
  RecordType,
  TimeRecord,
} from '../../../domain/workspace/records.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import type { InMemoryState } from './in-memory-state.js';
import { BY_ID, type KeyOrder, pageOf } from './paging.js';

const ownedBy = <R extends Owned>(records: Map<number, R>, ownerId: UserId): R[] =>
  [...records.values()].filter((r) => r.ownerId === ownerId);

type Dated = { readonly id: number; readonly createdAt: Date; readonly clientId: number | null };

const recordsOfType = (state: InMemoryState, type: RecordType): Dated[] =>
  ({
    task: [...state.tasks.values()],
    note: [...state.notes.values()],
    time: [...state.times.values()],
    money: [...state.moneys.values()],
  })[type];

/** Newest first by (created_at, id) of the latest record; clients without one after, by id. */
const byLatestRecord = (state: InMemoryState, type: RecordType): KeyOrder<Client> => {
  const latest = new Map<number, Dated>();
  for (const record of recordsOfType(state, type)) {
    if (record.clientId === null) continue;
    const seen = latest.get(record.clientId);
    const newer =
      !seen ||
      record.createdAt.getTime() > seen.createdAt.getTime() ||
      (record.createdAt.getTime() === seen.createdAt.getTime() && record.id > seen.id);
    if (newer) latest.set(record.clientId, record);
  }
  return {
    keyOf: (client) => {
      const record = latest.get(client.id);
      return [record?.createdAt.getTime() ?? null, record?.id ?? null, client.id];
    },
    directions: ['desc', 'desc', 'asc'],
  };
};

type Linked = Owned & Links & { readonly date: LocalDateTime | null };

export const matchesLinks = (record: Linked, q: LinkedRecordFilters): boolean => {
  const day = record.date === null ? null : dayOf(record.date);
  return (
    (q.clientId === undefined || record.clientId === q.clientId) &&
    (q.projectId === undefined || record.projectId === q.projectId) &&
    (q.taskId === undefined || record.taskId === q.taskId) &&
    (q.categoryId === undefined || record.categoryId === q.categoryId) &&
    (q.dateFrom === undefined || (day !== null && day >= q.dateFrom)) &&
    (q.dateTo === undefined || (day !== null && day <= q.dateTo))
  );
};

/** Newest first: date descending, then id descending; undated records last. */
const NEWEST_FIRST: KeyOrder<Linked> = { keyOf: (r) => [r.date, r.id], directions: ['desc', 'desc'] };

const contains = (text: string | null, term: string): boolean => (text ?? '').toLowerCase().includes(term);

export class InMemoryRecordReadModel implements RecordReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async clients(ownerId: UserId, query: ClientListQuery): Promise<Paged<Client>> {
    const state = this.database.state;
    const found = ownedBy(state.clients, ownerId).filter((c) => c.active === query.active);
    return pageOf(found, query, query.orderBy === null ? BY_ID : byLatestRecord(state, query.orderBy));
  }

  async projects(ownerId: UserId, query: ProjectListQuery): Promise<Paged<Project>> {
    const state = this.database.state;
    const activeInCascade = (p: Project) =>
      p.active && (p.clientId === null || state.clients.get(p.clientId)?.active !== false);
    const found = ownedBy(state.projects, ownerId).filter(
      (p) =>
        (query.clientId === undefined || p.clientId === query.clientId) &&
        (query.active === undefined || activeInCascade(p) === query.active),
    );
    return pageOf(found, query, BY_ID);
  }

  async notes(ownerId: UserId, query: NoteListQuery): Promise<Paged<Note>> {
    const term = query.search?.toLowerCase();
    const found = ownedBy(this.database.state.notes, ownerId).filter(
      (n) =>
        (query.active === undefined || n.active === query.active) &&
        (term === undefined || contains(n.name, term) || contains(n.description, term)),
    );
    return pageOf(found, query, BY_ID);
  }

  async categories(ownerId: UserId, query: NamedListQuery): Promise<Paged<Category>> {
    return pageOf(
      ownedBy(this.database.state.categories, ownerId).filter((c) => c.active === query.active),
      query,
      BY_ID,
    );
  }

  async cards(ownerId: UserId, query: NamedListQuery): Promise<Paged<Card>> {
    return pageOf(
      ownedBy(this.database.state.cards, ownerId).filter((c) => c.active === query.active),
      query,
      BY_ID,
    );
  }

  async times(ownerId: UserId, query: TimeListQuery): Promise<Paged<TimeRecord>> {
    const found = ownedBy(this.database.state.times, ownerId).filter((t) => matchesLinks(t, query));
    return pageOf(found, query, NEWEST_FIRST);
  }

  async moneys(ownerId: UserId, query: MoneyListQuery): Promise<Paged<MoneyRecord>> {
    const found = ownedBy(this.database.state.moneys, ownerId).filter(
      (m) =>
        matchesLinks(m, query) &&
        (query.type === undefined || m.type === query.type) &&
        (query.card === undefined || m.card === query.card || m.toCard === query.card),
    );
    return pageOf(found, query, NEWEST_FIRST);
  }
}
