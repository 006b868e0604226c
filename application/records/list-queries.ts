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
import { queryEnum, queryFlag, queryId, queryText } from '../shared/fields.js';
import { pageParams, withPageDefaults } from '../shared/paging.js';

const strict = { unknownCode: 'UNKNOWN_PARAMETER' } as const;

export type QueryDecoder<Q> = (input: unknown) => E.Either<ValidationFailed, Q>;

const recordType = queryEnum('RecordType', RECORD_TYPES, 'Order by the latest record of this type');
const clientsQuery = object(
  'ListClientsQuery',
  { ...pageParams, active: queryFlag('Active', 'Default 1'), type: recordType, record_type: recordType },
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
        : E.right({
            ...withPageDefaults(q),
            active: q.active ?? true,
            orderBy: q.type ?? q.record_type ?? null,
          }),
    ),
  );

const projectsQuery = object(
  'ListProjectsQuery',
  { ...pageParams, active: queryFlag('Active', 'Cascades to the client'), client_id: queryId('ClientId') },
  strict,
);

export const decodeProjectsQuery: QueryDecoder<ProjectListQuery> = (input) =>
  pipe(
    decodeWith(projectsQuery)(input),
    E.map((q) => ({ ...withPageDefaults(q), active: q.active, clientId: q.client_id })),
  );

const notesQuery = object(
  'ListNotesQuery',
  {
    ...pageParams,
    active: queryFlag('Active'),
    search: queryText('Search', 191, 'Name or description, case-insensitive'),
  },
  strict,
);

export const decodeNotesQuery: QueryDecoder<NoteListQuery> = (input) =>
  pipe(decodeWith(notesQuery)(input), E.map(withPageDefaults));

const namedQuery = object(
  'ListNamedQuery',
  { ...pageParams, active: queryFlag('Active', 'Default 1') },
  strict,
);

export const decodeNamedQuery: QueryDecoder<NamedListQuery> = (input) =>
  pipe(
    decodeWith(namedQuery)(input),
    E.map((q) => ({ ...withPageDefaults(q), active: q.active ?? true })),
  );
