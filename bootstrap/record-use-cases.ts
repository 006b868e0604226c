import type { DependencyContainer } from 'tsyringe';
import { CHANGE_LOG_READER, RESOURCE_OF_KIND } from '../application/ports/change-log.port.js';
import { CLOCK } from '../application/ports/clock.port.js';
import type { Paged } from '../application/ports/paging.js';
import { RECORD_READ_MODEL, type RecordReadModel } from '../application/ports/record-read-model.port.js';
import { token } from '../application/ports/token.js';
import { UNIT_OF_WORK } from '../application/ports/unit-of-work.port.js';
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
  decodeClientsQuery,
  decodeMoneysQuery,
  decodeNamedQuery,
  decodeNotesQuery,
  decodeProjectsQuery,
  decodeTimesQuery,
  type QueryDecoder,
} from '../application/records/list-queries.js';
import { ListRecords } from '../application/records/list-records.use-case.js';
import type { CreatableKind, RecordKind } from '../application/records/record-kind.js';
import type { RecordUseCases } from '../application/records/record-use-cases.js';
import { UpdateRecord } from '../application/records/update-record.use-case.js';
import type { Opened, PageRequest } from '../application/shared/paging.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';
import type { UserId } from '../domain/task/task.js';
import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  Stored,
  TimeFields,
} from '../domain/workspace/records.js';
import { provide, resolve, type Wiring } from './wiring.js';

const CLIENT_USE_CASES = token<RecordUseCases<ClientFields, 'CLIENT_IN_USE'>>('ClientUseCases');
const PROJECT_USE_CASES = token<RecordUseCases<ProjectFields, 'PROJECT_IN_USE'>>('ProjectUseCases');
const CATEGORY_USE_CASES = token<RecordUseCases<NamedFields, 'CATEGORY_IN_USE'>>('CategoryUseCases');
const CARD_USE_CASES = token<RecordUseCases<NamedFields, 'CARD_IN_USE'>>('CardUseCases');
const NOTE_USE_CASES = token<RecordUseCases<NoteFields>>('NoteUseCases');
const CREATE_NOTE_FROM_TEXT = token<CreateRecord<NoteFields>>('CreateNoteFromText');
const TIME_USE_CASES = token<RecordUseCases<TimeFields>>('TimeUseCases');
const MONEY_USE_CASES = token<RecordUseCases<MoneyFields>>('MoneyUseCases');

/** One record type's use cases over the same generic classes. */
const recordUseCases = <F extends object, C extends string, Q extends PageRequest>(
  w: Wiring,
  kind: RecordKind<F, C>,
  decode: QueryDecoder<Q>,
  fetch: (readModel: RecordReadModel) => (ownerId: UserId, query: Opened<Q>) => Promise<Paged<Stored<F>>>,
): RecordUseCases<F, C> => {
  const unitOfWork = w.resolve(UNIT_OF_WORK);
  const clock = w.resolve(CLOCK);
  return {
    create: new CreateRecord(kind, unitOfWork, clock),
    get: new GetRecord(kind, unitOfWork),
    list: new ListRecords(
      RESOURCE_OF_KIND[kind.resource],
      decode,
      fetch(w.resolve(RECORD_READ_MODEL)),
      w.resolve(CHANGE_LOG_READER),
    ),
    update: new UpdateRecord(kind, unitOfWork, clock),
    delete: new DeleteRecord(kind, unitOfWork),
  };
};

const creating = <F extends object>(w: Wiring, kind: CreatableKind<F>) =>
  new CreateRecord(kind, w.resolve(UNIT_OF_WORK), w.resolve(CLOCK));

export const registerRecordUseCases = (c: DependencyContainer): void => {
  provide(c, CLIENT_USE_CASES, (w) =>
    recordUseCases(w, clientKind, decodeClientsQuery, (m) => (o, q) => m.clients(o, q)),
  );
  provide(c, PROJECT_USE_CASES, (w) =>
    recordUseCases(w, projectKind, decodeProjectsQuery, (m) => (o, q) => m.projects(o, q)),
  );
  provide(c, CATEGORY_USE_CASES, (w) =>
    recordUseCases(w, categoryKind, decodeNamedQuery, (m) => (o, q) => m.categories(o, q)),
  );
  provide(c, CARD_USE_CASES, (w) =>
    recordUseCases(w, cardKind, decodeNamedQuery, (m) => (o, q) => m.cards(o, q)),
  );
  provide(c, NOTE_USE_CASES, (w) =>
    recordUseCases(w, noteKind, decodeNotesQuery, (m) => (o, q) => m.notes(o, q)),
  );
  provide(c, CREATE_NOTE_FROM_TEXT, (w) => creating(w, noteFromTextKind));
  provide(c, TIME_USE_CASES, (w) =>
    recordUseCases(w, timeKind, decodeTimesQuery, (m) => (o, q) => m.times(o, q)),
  );
  provide(c, MONEY_USE_CASES, (w) =>
    recordUseCases(w, moneyKind, decodeMoneysQuery, (m) => (o, q) => m.moneys(o, q)),
  );
};

export const resolveRecordUseCases = (
  c: DependencyContainer,
): Pick<
  WorkspaceUseCases,
  'clients' | 'projects' | 'categories' | 'cards' | 'notes' | 'times' | 'moneys'
> => ({
  clients: resolve(c, CLIENT_USE_CASES),
  projects: resolve(c, PROJECT_USE_CASES),
  categories: resolve(c, CATEGORY_USE_CASES),
  cards: resolve(c, CARD_USE_CASES),
  notes: { ...resolve(c, NOTE_USE_CASES), createFromText: resolve(c, CREATE_NOTE_FROM_TEXT) },
  times: resolve(c, TIME_USE_CASES),
  moneys: resolve(c, MONEY_USE_CASES),
});
