import type { CreateRecordError } from '../../../application/records/create-record.use-case.js';
import type { OperationGroup } from '../../../application/workspace/scope-policy.js';
import type { Outcome, RecordOperations } from '../../../application/workspace/session-types.js';
import type { KeySession, KeySessionRefusal } from '../../../application/workspace/workspace.js';
import { ifMatchPrecondition } from '../conditional.js';
import { pagination, success } from '../envelope.js';
import type { ResourceDoc } from '../openapi/resource-schemas.js';
import { closedObject, DELETED, EXAMPLE_PAGINATION, PAGINATION } from '../openapi/response-schemas.js';
import { type Route, recordReply, respond, respondList, withInput, withPathId } from '../route.js';
import type { RecordWire } from '../wire/record.wire.js';
import type { WireCodec } from '../wire/wire-codecs.js';

export interface RecordResource<R extends { readonly id: number }, Create, Update, Query> {
  /** `client`: the key of `data` for one record, and the name in "not found". */
  readonly singular: string;
  /** `clients`: the key of `data` for a list, the path (`/v1/clients`) and the operation group. */
  readonly plural: OperationGroup;
  readonly operations: (
    session: KeySession,
  ) => RecordOperations<R, Create, Update, Query, string, KeySessionRefusal>;
  readonly wire: RecordWire<Create, Update, Query>;
  readonly present: (record: R) => object;
  readonly doc: RecordDocs;
}

/** How the document speaks of a record type. */
export interface RecordDocs extends ResourceDoc {
  readonly tag: string;
  /** `client`, `time record`: the record in summaries. */
  readonly noun: string;
  readonly listDescription: string;
  /** Whether other records may reference it, so that deleting it can be refused (409). */
  readonly inUse?: boolean;
}

/** The answer of one record: `data.<key>`, with its ETag. */
const oneRecord = (key: string, doc: ResourceDoc, status: number) => ({
  status,
  data: closedObject({ [key]: doc.schema }),
  example: { [key]: doc.example },
  etag: true,
});

/** List, create, get, PATCH and DELETE of one record type. */
export const recordRoutes = <R extends { readonly id: number }, Create, Update, Query>(
  resource: RecordResource<R, Create, Update, Query>,
): Route[] => {
  const { operations, wire } = resource;
  const path = `/v1/${resource.plural}`;
  const operation = (name: string) => ({ group: resource.plural, name });
  const one = (status: number, record: R, headers?: Record<string, string>) =>
    recordReply(status, resource.singular, record, resource.present, headers ? { headers } : {});
  const ifMatch = (header: string | undefined) => ifMatchPrecondition<R>(header);
  const item = `${path}/:id`;
  const { doc } = resource;
  const a = /^[aeiou]/.test(doc.noun) ? 'an' : 'a';
  return [
    {
      method: 'GET',
      url: path,
      operation: operation('list'),
      doc: {
        tag: doc.tag,
        summary: `List ${doc.noun}s`,
        description: doc.listDescription,
        query: wire.list,
        answer: {
          status: 200,
          data: closedObject({
            [resource.plural]: { type: 'array', items: doc.schema },
            pagination: PAGINATION,
          }),
          example: { [resource.plural]: [doc.example], pagination: EXAMPLE_PAGINATION },
          etag: true,
        },
      },
      handle: ({ session, query, ifNoneMatch }) =>
        withInput(wire.list, query, (input) =>
          respondList(
            ifNoneMatch,
            (known) => operations(session).listIfChanged(known, input),
            (page) =>
              success({ [resource.plural]: page.items.map(resource.present), pagination: pagination(page) }),
          ),
        ),
    },
    {
      method: 'POST',
      url: path,
      operation: operation('create'),
      doc: {
        tag: doc.tag,
        summary: `Create ${a} ${doc.noun}`,
        body: wire.create,
        bodyExample: doc.createExample,
        answer: { ...oneRecord(resource.singular, doc, 201), location: true },
      },
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
      doc: { tag: doc.tag, summary: `Get ${a} ${doc.noun}`, answer: oneRecord(resource.singular, doc, 200) },
      handle: withPathId(resource.singular, (id, { session }) =>
        respond(operations(session).get(id), (record) => one(200, record)),
      ),
    },
    {
      method: 'PATCH',
      url: item,
      operation: operation('update'),
      doc: {
        tag: doc.tag,
        summary: `Change some fields of ${a} ${doc.noun}`,
        description: 'Fields left out keep their value; null clears a nullable one.',
        body: wire.update,
        bodyExample: doc.createExample,
        answer: oneRecord(resource.singular, doc, 200),
      },
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
      doc: {
        tag: doc.tag,
        summary: `Delete ${a} ${doc.noun}`,
        ...(doc.inUse
          ? {
              description: `Refused with 409 while another record references the ${doc.noun}; archive it with \`active: 0\` instead.`,
              inUse: true,
            }
          : {}),
        answer: { status: 200, data: DELETED, example: { deleted: true, id: doc.example.id } },
      },
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
export const preparedRoute = <R extends object, Input>(options: {
  readonly path: string;
  readonly singular: string;
  readonly operation: { readonly group: OperationGroup; readonly name: string };
  readonly wire: WireCodec<Input>;
  readonly create: (session: KeySession, input: Input) => Outcome<CreateRecordError | KeySessionRefusal, R>;
  readonly present: (record: R) => object;
  readonly doc: ResourceDoc & {
    readonly tag: string;
    readonly summary: string;
    readonly description: string;
  };
}): Route => ({
  method: 'POST',
  url: options.path,
  operation: options.operation,
  doc: {
    tag: options.doc.tag,
    // The prepared contract creates what `POST /v1/<plural>` does, under an id of its own.
    operationId: `${options.operation.group}.${options.operation.name}Prepared`,
    summary: options.doc.summary,
    description: options.doc.description,
    body: options.wire,
    bodyExample: options.doc.createExample,
    answer: oneRecord(options.singular, options.doc, 201),
  },
  handle: ({ session, body }) =>
    withInput(options.wire, body, (input) =>
      respond(options.create(session, input), (record) =>
        recordReply(201, options.singular, record, options.present),
      ),
    ),
});
