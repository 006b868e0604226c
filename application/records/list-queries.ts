import type * as t from 'io-ts';
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
import { boolean, integerChoice, localDate, recordId, text, textChoice } from '../shared/fields.js';
import { pageParams, type Requested } from '../shared/paging.js';

/*
 * Each list's query as its codec decodes it, and, where the list has defaults, the query with them
 * (what the read model takes).
 */

export const listClientsInput = object('ListClientsInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active clients only'),
  orderByLatest: textChoice('RecordType', RECORD_TYPES, 'Newest record of this type first'),
});

export const clientsQuery = (q: t.TypeOf<typeof listClientsInput>): Requested<ClientListQuery> => ({
  ...q,
  active: q.active ?? true,
  orderBy: q.orderByLatest ?? null,
});

export const listProjectsInput = object('ListProjectsInput', {
  ...pageParams,
  active: boolean('Active', 'Cascades to the client'),
  clientId: recordId('ClientId'),
});

export const projectsQuery = (q: t.TypeOf<typeof listProjectsInput>): Requested<ProjectListQuery> => q;

export const listNotesInput = object('ListNotesInput', {
  ...pageParams,
  active: boolean('Active'),
  search: text('Search', 191, 'Name or description, case-insensitive'),
});

export const notesQuery = (q: t.TypeOf<typeof listNotesInput>): Requested<NoteListQuery> => q;

export const listNamedInput = object('ListNamedInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active ones only'),
});

export const namedQuery = (q: t.TypeOf<typeof listNamedInput>): Requested<NamedListQuery> => ({
  ...q,
  active: q.active ?? true,
});

/** The filters time and money records share: their links, and a range of days (inclusive). */
export const linkedFilterFields = {
  clientId: recordId('ClientId'),
  projectId: recordId('ProjectId'),
  taskId: recordId('TaskId'),
  categoryId: recordId('CategoryId'),
  dateFrom: localDate('DateFrom', 'Dated on or after that day'),
  dateTo: localDate('DateTo', 'Dated on or before that day'),
};

const linkedRecordFilters = { ...pageParams, ...linkedFilterFields };

export const listTimesInput = object('ListTimesInput', linkedRecordFilters);

export const timesQuery = (q: t.TypeOf<typeof listTimesInput>): Requested<TimeListQuery> => q;

export const listMoneysInput = object('ListMoneysInput', {
  ...linkedRecordFilters,
  type: integerChoice<MoneyType>('MoneyType', MONEY_TYPES, '1 income, 2 expense, 3 transfer'),
  card: recordId('CardId', 'Moves money from or to this card'),
});

export const moneysQuery = (q: t.TypeOf<typeof listMoneysInput>): Requested<MoneyListQuery> => q;
