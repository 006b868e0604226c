import type { CreateRecordError } from '../../../application/records/create-record.use-case.js';
import type { InsufficientScope } from '../../../application/shared/errors.js';
import type { OperationGroup, Outcome, RecordOperations } from '../../../application/workspace/session.js';
import type { KeySession } from '../../../application/workspace/workspace.js';
import { ifMatchPrecondition } from '../conditional.js';
import { pagination, success } from '../envelope.js';
import { type Route, recordReply, respond, withInput, withPathId } from '../route.js';
import type { RecordWire } from '../wire/record.wire.js';
import type { WireCodec } from '../wire/wire-codecs.js';

export interface RecordResource<R extends { readonly id: number }, Create, Update, Query> {
  /** `client`: the key of `data` for one record, and the name in "not found". */
  readonly singular: string;
  /** `clients`: the key of `data` for a list, the path (`/v1/clients`) and the operation group. */
  readonly plural: OperationGroup;
  readonly operations: (
    session: KeySession,
  ) => RecordOperations<R, Create, Update, Query, string, InsufficientScope>;
  readonly wire: RecordWire<Create, Update, Query>;
  readonly present: (record: R) => object;
}

/** List, create, get, PATCH and DELETE of one record type. */
export const recordRoutes = <R extends { readonly id: number }, Create, Update, Query>(
  resource: RecordResource<R, Create, Update, Query>,
): Route[] => {
  const { operations, wire } = resource;
  const path = `/v1/${resource.plural}`;
  const operation = (name: string) => ({ group: resource.plural, name });
  const one = (status: number, record: R, headers?: Record<string, string>) =>
    recordReply(status, resource.singular, resource.present(record), headers ? { headers } : {});
  const ifMatch = (header: string | undefined) => ifMatchPrecondition(header, resource.present);
  const item = `${path}/:id`;
  return [
    {
      method: 'GET',
      url: path,
      operation: operation('list'),
      handle: ({ session, query }) =>
        withInput(wire.list, query, (input) =>
          respond(operations(session).list(input), (page) => ({
            status: 200,
            body: success({
              [resource.plural]: page.items.map(resource.present),
              pagination: pagination(page),
            }),
          })),
        ),
    },
    {
      method: 'POST',
      url: path,
      operation: operation('create'),
      handle: ({ session, body }) =>
        withInput(wire.create, body, (input) =>
          respond(operations(session).create(input), (record) =>
            one(201, record, { location: `${path}/${record.id}` }),
          ),
        ),
    },
    {
      method: 'GET',
      url: item,
      operation: operation('get'),
      handle: withPathId(resource.singular, (id, { session }) =>
        respond(operations(session).get(id), (record) => one(200, record)),
      ),
    },
    {
      method: 'PATCH',
      url: item,
      operation: operation('update'),
      handle: withPathId(resource.singular, (id, { session, body, ifMatch: header }) =>
        withInput(wire.update, body, (input) =>
          respond(operations(session).update(id, input, ifMatch(header)), (record) => one(200, record)),
        ),
      ),
    },
    {
      method: 'DELETE',
      url: item,
      operation: operation('delete'),
      handle: withPathId(resource.singular, (id, { session, ifMatch: header }) =>
        respond(operations(session).delete(id, ifMatch(header)), (deleted) => ({
          status: 200,
          body: success({ deleted: true, id: deleted.id }),
        })),
      ),
    },
  ];
};

/** A prepared `/public-api/v1/...` contract: create only. */
export const preparedRoute = <R, Input>(options: {
  readonly path: string;
  readonly singular: string;
  readonly operation: { readonly group: OperationGroup; readonly name: string };
  readonly wire: WireCodec<Input>;
  readonly create: (session: KeySession, input: Input) => Outcome<CreateRecordError | InsufficientScope, R>;
  readonly present: (record: R) => object;
}): Route => ({
  method: 'POST',
  url: options.path,
  operation: options.operation,
  handle: ({ session, body }) =>
    withInput(options.wire, body, (input) =>
      respond(options.create(session, input), (record) =>
        recordReply(201, options.singular, options.present(record)),
      ),
    ),
});
