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
import { decodeWith, validationFailed } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';
import { queryEnum, queryFlag, queryId, queryInteger, queryText } from '../shared/fields.js';
import { DEFAULT_PAGE } from '../tasks/task.codecs.js';

const page = {
  limit: queryInteger('Limit', 1, 100, 'Page size, default 50'),
  offset: queryInteger('Offset', 0, 2_147_483_647, 'Rows to skip, default 0'),
};
const strict = { unknownCode: 'UNKNOWN_PARAMETER' } as const;
const withPage = <Q extends { limit?: number; offset?: number }>(q: Q) => ({
  ...q,
  limit: q.limit ?? DEFAULT_PAGE.limit,
  offset: q.offset ?? DEFAULT_PAGE.offset,
});

export type QueryDecoder<Q> = (input: unknown) => E.Either<ValidationFailed, Q>;

const recordType = queryEnum('RecordType', RECORD_TYPES, 'Order by the latest record of this type');
const clientsQuery = object(
  'ListClientsQuery',
  { ...page, active: queryFlag('Active', 'Default 1'), type: recordType, record_type: recordType },
  strict,
);

/** `type` and `record_type` are the same parameter; both given and different is an error. */
export const decodeClientsQuery: QueryDecoder<ClientListQuery> = (input) =>
  pipe(
    decodeWith(clientsQuery)(input),
    E.flatMap((q) =>
      q.type !== undefined && q.record_type !== undefined && q.type !== q.record_type
        ? E.left(
            validationFailed([
              {
                field: 'record_type',
                code: 'MISMATCH',
                message: 'type and record_type must agree when both are given',
              },
            ]),
          )
        : E.right({ ...withPage(q), active: q.active ?? true, orderBy: q.type ?? q.record_type ?? null }),
    ),
  );

const projectsQuery = object(
  'ListProjectsQuery',
  { ...page, active: queryFlag('Active', 'Cascades to the client'), client_id: queryId('ClientId') },
  strict,
);

export const decodeProjectsQuery: QueryDecoder<ProjectListQuery> = (input) =>
  pipe(
    decodeWith(projectsQuery)(input),
    E.map((q) => ({ ...withPage(q), active: q.active, clientId: q.client_id })),
  );

const notesQuery = object(
  'ListNotesQuery',
  {
    ...page,
    active: queryFlag('Active'),
    search: queryText('Search', 191, 'Name or description, case-insensitive'),
  },
  strict,
);

export const decodeNotesQuery: QueryDecoder<NoteListQuery> = (input) =>
  pipe(decodeWith(notesQuery)(input), E.map(withPage));

const namedQuery = object('ListNamedQuery', { ...page, active: queryFlag('Active', 'Default 1') }, strict);

export const decodeNamedQuery: QueryDecoder<NamedListQuery> = (input) =>
  pipe(
    decodeWith(namedQuery)(input),
    E.map((q) => ({ ...withPage(q), active: q.active ?? true })),
  );
