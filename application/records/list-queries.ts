import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { MONEY_TYPES, type MoneyType, RECORD_TYPES } from '../../domain/workspace/records.js';
import type {
  ClientListQuery,
  MoneyListQuery,
  NamedListQuery,
  NoteListQuery,
  ProjectListQuery,
  TimeListQuery,
} from '../ports/record-read-model.port.js';
import { object } from '../shared/codecs.js';
import { decodeWith } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';
import { boolean, integerChoice, localDate, recordId, text, textChoice } from '../shared/fields.js';
import { pageParams, type Requested } from '../shared/paging.js';

/** Decodes a list's query string: its filters with their defaults, and the page asked for. */
export type QueryDecoder<Q> = (input: unknown) => E.Either<ValidationFailed, Q>;

export const listClientsInput = object('ListClientsInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active clients only'),
  orderByLatest: textChoice('RecordType', RECORD_TYPES, 'Newest record of this type first'),
});

export const decodeClientsQuery: QueryDecoder<Requested<ClientListQuery>> = (input) =>
  pipe(
    decodeWith(listClientsInput)(input),
    E.map((q) => ({ ...q, active: q.active ?? true, orderBy: q.orderByLatest ?? null })),
  );

export const listProjectsInput = object('ListProjectsInput', {
  ...pageParams,
  active: boolean('Active', 'Cascades to the client'),
  clientId: recordId('ClientId'),
});

export const decodeProjectsQuery: QueryDecoder<Requested<ProjectListQuery>> = decodeWith(listProjectsInput);

export const listNotesInput = object('ListNotesInput', {
  ...pageParams,
  active: boolean('Active'),
  search: text('Search', 191, 'Name or description, case-insensitive'),
});

export const decodeNotesQuery: QueryDecoder<Requested<NoteListQuery>> = decodeWith(listNotesInput);

export const listNamedInput = object('ListNamedInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active ones only'),
});

export const decodeNamedQuery: QueryDecoder<Requested<NamedListQuery>> = (input) =>
  pipe(
    decodeWith(listNamedInput)(input),
    E.map((q) => ({ ...q, active: q.active ?? true })),
  );

/** The filters time and money records share: their links, and a range of days (inclusive). */
const linkedRecordFilters = {
  ...pageParams,
  clientId: recordId('ClientId'),
  projectId: recordId('ProjectId'),
  taskId: recordId('TaskId'),
  categoryId: recordId('CategoryId'),
  dateFrom: localDate('DateFrom', 'Dated on or after that day'),
  dateTo: localDate('DateTo', 'Dated on or before that day'),
};

export const listTimesInput = object('ListTimesInput', linkedRecordFilters);

export const decodeTimesQuery: QueryDecoder<Requested<TimeListQuery>> = decodeWith(listTimesInput);

export const listMoneysInput = object('ListMoneysInput', {
  ...linkedRecordFilters,
  type: integerChoice<MoneyType>('MoneyType', MONEY_TYPES, '1 income, 2 expense, 3 transfer'),
  card: recordId('CardId', 'Moves money from or to this card'),
});

export const decodeMoneysQuery: QueryDecoder<Requested<MoneyListQuery>> = decodeWith(listMoneysInput);
