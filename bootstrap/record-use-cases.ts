import { RESOURCE_OF_KIND } from '../application/ports/change-log.port.js';
import type { Paged } from '../application/ports/paging.js';
import type { RecordReadModel } from '../application/ports/record-read-model.port.js';
import { CreateRecord } from '../application/records/create-record.use-case.js';
import { DeleteRecord } from '../application/records/delete-record.use-case.js';
import { GetRecord } from '../application/records/get-record.use-case.js';
import { clientKind } from '../application/records/kinds/client.kind.js';
import { moneyKind } from '../application/records/kinds/money.kind.js';
import { cardKind, categoryKind } from '../application/records/kinds/named.kind.js';
import { noteFromTextKind, noteKind } from '../application/records/kinds/note.kind.js';
import { projectKind } from '../application/records/kinds/project.kind.js';
import { timeKind } from '../application/records/kinds/time.kind.js';
import {
  clientsQuery,
  moneysQuery,
  namedQuery,
  notesQuery,
  projectsQuery,
  timesQuery,
} from '../application/records/list-queries.js';
import { ListRecords } from '../application/records/list-records.use-case.js';
import type { RecordKind } from '../application/records/record-kind.js';
import type { RecordUseCases } from '../application/records/record-use-cases.js';
import { UpdateRecord } from '../application/records/update-record.use-case.js';
import type { Opened, PageRequest } from '../application/shared/paging.js';
import type { UserId } from '../domain/task/task.js';
import type { Stored } from '../domain/workspace/records.js';
import type { Get, Registrations } from './parts.js';

/** One record type's use cases over the same generic classes. */
const recordUseCases = <F extends object, C extends string, G, L, Q extends PageRequest>(
  get: Get,
  kind: RecordKind<F, C, G>,
  withDefaults: (given: L) => Q,
  fetch: (readModel: RecordReadModel) => (ownerId: UserId, query: Opened<Q>) => Promise<Paged<Stored<F>>>,
): RecordUseCases<F, C, G, L> => {
  const unitOfWork = get('unitOfWork');
  const clock = get('clock');
  return {
    create: new CreateRecord(kind, unitOfWork, clock),
    get: new GetRecord(kind, unitOfWork),
    list: new ListRecords(
      RESOURCE_OF_KIND[kind.resource],
      withDefaults,
      fetch(get('recordReadModel')),
      get('changeLog'),
    ),
    update: new UpdateRecord(kind, unitOfWork, clock),
    delete: new DeleteRecord(kind, unitOfWork),
  };
};

/** The record types' use cases: clients, projects, categories, cards, notes, times, moneys. */
export const RECORD_REGISTRATIONS: Pick<
  Registrations,
  'clients' | 'projects' | 'categories' | 'cards' | 'notes' | 'times' | 'moneys'
> = {
  clients: (get) => recordUseCases(get, clientKind, clientsQuery, (m) => (o, q) => m.clients(o, q)),
  projects: (get) => recordUseCases(get, projectKind, projectsQuery, (m) => (o, q) => m.projects(o, q)),
  categories: (get) => recordUseCases(get, categoryKind, namedQuery, (m) => (o, q) => m.categories(o, q)),
  cards: (get) => recordUseCases(get, cardKind, namedQuery, (m) => (o, q) => m.cards(o, q)),
  notes: (get) => ({
    ...recordUseCases(get, noteKind, notesQuery, (m) => (o, q) => m.notes(o, q)),
    createFromText: new CreateRecord(noteFromTextKind, get('unitOfWork'), get('clock')),
  }),
  times: (get) => recordUseCases(get, timeKind, timesQuery, (m) => (o, q) => m.times(o, q)),
  moneys: (get) => recordUseCases(get, moneyKind, moneysQuery, (m) => (o, q) => m.moneys(o, q)),
};
