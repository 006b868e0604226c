import type { CreateRecord } from '../../../application/records/create-record.use-case.js';
import type { RecordUseCases } from '../../../application/records/record-use-cases.js';
import type { ScopedResource } from '../../../domain/api-key/scope.js';
import type { Stored } from '../../../domain/workspace/records.js';
import { pagination, success } from '../envelope.js';
import { type Route, respond, withPathId } from '../route.js';

export interface RecordResource<F extends object> {
  /** `/v1/clients` */
  readonly path: string;
  /** `client`: the key of `data` for one record, and the name in "not found". */
  readonly singular: string;
  /** `clients`: the key of `data` for a list. */
  readonly plural: string;
  readonly scope: ScopedResource;
  readonly present: (record: Stored<F>) => object;
}

/** List, create, get, PATCH and DELETE of one record type. */
export const recordRoutes = <F extends object>(
  resource: RecordResource<F>,
  useCases: RecordUseCases<F>,
): Route[] => {
  const read = { resource: resource.scope, access: 'read' } as const;
  const write = { resource: resource.scope, access: 'write' } as const;
  const one = (record: Stored<F>) => success({ [resource.singular]: resource.present(record) });
  const item = `${resource.path}/:id`;
  return [
    {
      method: 'GET',
      url: resource.path,
      scope: read,
      handle: (request) =>
        respond(useCases.list.execute(request.principal, request.query), (page) => ({
          status: 200,
          body: success({
            [resource.plural]: page.items.map(resource.present),
            pagination: pagination(page),
          }),
        })),
    },
    {
      method: 'POST',
      url: resource.path,
      scope: write,
      handle: (request) =>
        respond(useCases.create.execute(request.principal, request.body), (record) => ({
          status: 201,
          body: one(record),
          headers: { location: `${resource.path}/${record.id}` },
        })),
    },
    {
      method: 'GET',
      url: item,
      scope: read,
      handle: withPathId(resource.singular, (id, request) =>
        respond(useCases.get.execute(request.principal, id), (record) => ({
          status: 200,
          body: one(record),
        })),
      ),
    },
    {
      method: 'PATCH',
      url: item,
      scope: write,
      handle: withPathId(resource.singular, (id, request) =>
        respond(useCases.update.execute(request.principal, id, request.body), (record) => ({
          status: 200,
          body: one(record),
        })),
      ),
    },
    {
      method: 'DELETE',
      url: item,
      scope: write,
      handle: withPathId(resource.singular, (id, request) =>
        respond(useCases.delete.execute(request.principal, id), (deleted) => ({
          status: 200,
          body: success({ deleted: true, id: deleted.id }),
        })),
      ),
    },
  ];
};

/** A prepared `/public-api/v1/...` contract: create only. */
export const preparedRoute = <F extends object>(
  path: string,
  singular: string,
  scope: ScopedResource,
  create: CreateRecord<F>,
  present: (record: Stored<F>) => object,
): Route => ({
  method: 'POST',
  url: path,
  scope: { resource: scope, access: 'write' },
  handle: (request) =>
    respond(create.execute(request.principal, request.body), (record) => ({
      status: 201,
      body: success({ [singular]: present(record) }),
    })),
});
