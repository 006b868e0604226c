import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { RECORD_TYPES } from '../../domain/workspace/records.js';
import type {
  ClientListQuery,
  NamedListQuery,
  NoteListQuery,
  ProjectListQuery,
} from '../ports/record-read-model.port.js';
import { object } from '../shared/codecs.js';
import { decodeWith } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';
import { boolean, recordId, text, textChoice } from '../shared/fields.js';
import { pageParams, withPageDefaults } from '../shared/paging.js';

export type QueryDecoder<Q> = (input: unknown) => E.Either<ValidationFailed, Q>;

export const listClientsInput = object('ListClientsInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active clients only'),
  orderByLatest: textChoice('RecordType', RECORD_TYPES, 'Newest record of this type first'),
});

export const decodeClientsQuery: QueryDecoder<ClientListQuery> = (input) =>
  pipe(
    decodeWith(listClientsInput)(input),
    E.map((q) => ({ ...withPageDefaults(q), active: q.active ?? true, orderBy: q.orderByLatest ?? null })),
  );

export const listProjectsInput = object('ListProjectsInput', {
  ...pageParams,
  active: boolean('Active', 'Cascades to the client'),
  clientId: recordId('ClientId'),
});

export const decodeProjectsQuery: QueryDecoder<ProjectListQuery> = (input) =>
  pipe(decodeWith(listProjectsInput)(input), E.map(withPageDefaults));

export const listNotesInput = object('ListNotesInput', {
  ...pageParams,
  active: boolean('Active'),
  search: text('Search', 191, 'Name or description, case-insensitive'),
});

export const decodeNotesQuery: QueryDecoder<NoteListQuery> = (input) =>
  pipe(decodeWith(listNotesInput)(input), E.map(withPageDefaults));

export const listNamedInput = object('ListNamedInput', {
  ...pageParams,
  active: boolean('Active', 'Default true: active ones only'),
});

export const decodeNamedQuery: QueryDecoder<NamedListQuery> = (input) =>
  pipe(
    decodeWith(listNamedInput)(input),
    E.map((q) => ({ ...withPageDefaults(q), active: q.active ?? true })),
  );
