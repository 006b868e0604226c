import type { DependencyContainer } from 'tsyringe';
import type { Clock } from '../application/ports/clock.port.js';
import { CLOCK } from '../application/ports/clock.port.js';
import type { Page, Paged } from '../application/ports/paging.js';
import { RECORD_READ_MODEL, type RecordReadModel } from '../application/ports/record-read-model.port.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../application/ports/unit-of-work.port.js';
import { CreateRecord } from '../application/records/create-record.use-case.js';
import { DeleteRecord } from '../application/records/delete-record.use-case.js';
import { GetRecord } from '../application/records/get-record.use-case.js';
import {
  decodeClientsQuery,
  decodeNamedQuery,
  decodeNotesQuery,
  decodeProjectsQuery,
  type QueryDecoder,
} from '../application/records/list-queries.js';
import { ListRecords } from '../application/records/list-records.use-case.js';
import type { CreatableKind, RecordKind } from '../application/records/record-kind.js';
import {
  cardKind,
  categoryKind,
  clientKind,
  moneyKind,
  noteKind,
  preparedNoteKind,
  projectKind,
  timeKind,
} from '../application/records/record-kinds.js';
import type { RecordUseCases } from '../application/records/record-use-cases.js';
import { UpdateRecord } from '../application/records/update-record.use-case.js';
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

export const CLIENT_USE_CASES = Symbol('ClientUseCases');
export const PROJECT_USE_CASES = Symbol('ProjectUseCases');
export const NOTE_USE_CASES = Symbol('NoteUseCases');
export const CATEGORY_USE_CASES = Symbol('CategoryUseCases');
export const CARD_USE_CASES = Symbol('CardUseCases');
/** The prepared contracts: create-only. */
export const CREATE_TIME_RECORD = Symbol('CreateTimeRecord');
export const CREATE_MONEY_RECORD = Symbol('CreateMoneyRecord');
export const CREATE_PREPARED_NOTE = Symbol('CreatePreparedNote');

const recordUseCases = <F extends object, Q extends Page>(
  c: DependencyContainer,
  kind: RecordKind<F>,
  decode: QueryDecoder<Q>,
  fetch: (readModel: RecordReadModel) => (ownerId: UserId, query: Q) => Promise<Paged<Stored<F>>>,
): RecordUseCases<F> => {
  const unitOfWork = c.resolve<UnitOfWork>(UNIT_OF_WORK);
  const clock = c.resolve<Clock>(CLOCK);
  const readModel = c.resolve<RecordReadModel>(RECORD_READ_MODEL);
  return {
    create: new CreateRecord(kind, unitOfWork, clock),
    get: new GetRecord(kind, unitOfWork),
    list: new ListRecords(decode, fetch(readModel)),
    update: new UpdateRecord(kind, unitOfWork, clock),
    delete: new DeleteRecord(kind, unitOfWork),
  };
};

const creating = <F extends object>(c: DependencyContainer, kind: CreatableKind<F>) =>
  new CreateRecord(kind, c.resolve<UnitOfWork>(UNIT_OF_WORK), c.resolve<Clock>(CLOCK));

/** Registers the record use cases; called by buildContainer. */
export const registerRecordUseCases = (
  singleton: <T>(token: symbol, build: (r: DependencyContainer) => T) => void,
): void => {
  singleton<RecordUseCases<ClientFields>>(CLIENT_USE_CASES, (r) =>
    recordUseCases(r, clientKind, decodeClientsQuery, (m) => (o, q) => m.clients(o, q)),
  );
  singleton<RecordUseCases<ProjectFields>>(PROJECT_USE_CASES, (r) =>
    recordUseCases(r, projectKind, decodeProjectsQuery, (m) => (o, q) => m.projects(o, q)),
  );
  singleton<RecordUseCases<NoteFields>>(NOTE_USE_CASES, (r) =>
    recordUseCases(r, noteKind, decodeNotesQuery, (m) => (o, q) => m.notes(o, q)),
  );
  singleton<RecordUseCases<NamedFields>>(CATEGORY_USE_CASES, (r) =>
    recordUseCases(r, categoryKind, decodeNamedQuery, (m) => (o, q) => m.categories(o, q)),
  );
  singleton<RecordUseCases<NamedFields>>(CARD_USE_CASES, (r) =>
    recordUseCases(r, cardKind, decodeNamedQuery, (m) => (o, q) => m.cards(o, q)),
  );
  singleton<CreateRecord<TimeFields>>(CREATE_TIME_RECORD, (r) => creating(r, timeKind));
  singleton<CreateRecord<MoneyFields>>(CREATE_MONEY_RECORD, (r) => creating(r, moneyKind));
  singleton<CreateRecord<NoteFields>>(CREATE_PREPARED_NOTE, (r) => creating(r, preparedNoteKind));
};
