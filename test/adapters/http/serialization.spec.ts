import { expect } from 'chai';
import Fastify from 'fastify';
import {
  CLIENT,
  MONEY,
  NAMED,
  NOTE,
  PROJECT,
  TASK,
  TIME,
} from '../../../adapters/http/openapi/resource-schemas.js';
import {
  closedObject,
  PAGINATION,
  successBody,
  titled,
} from '../../../adapters/http/openapi/response-schemas.js';
import {
  presentClient,
  presentMoney,
  presentNamed,
  presentNote,
  presentProject,
  presentTime,
} from '../../../adapters/http/presenters/record.presenters.js';
import { presentTask } from '../../../adapters/http/presenters/task.presenter.js';
import { registerSerializers, serializerOf } from '../../../adapters/http/serialization.js';
import type { Duration } from '../../../domain/shared/duration.js';
import type { Money } from '../../../domain/shared/money.js';
import { aTask } from '../../support/builders.js';

describe('answers serialized from their schemas', () => {
  const app = Fastify();
  registerSerializers(app);
  const answer = closedObject({ id: { type: 'integer' }, name: { type: ['string', 'null'] } });
  app.get('/thing/:status', { schema: { response: { 200: answer } } }, async (request, reply) => {
    const status = Number((request.params as { status: string }).status);
    // Typed by the schema's statuses; the other status is the point of the second spec.
    return reply.code(status as 200).send({ id: 7, name: null, internal: 'never on the wire' });
  });
  after(() => app.close());

  it('writes a success answer from its schema: what the schema does not name is not sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/thing/200' });
    expect(response.body).to.equal('{"id":7,"name":null}');
  });

  it('writes any other status as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/thing/409' });
    expect(JSON.parse(response.body)).to.deep.equal({ id: 7, name: null, internal: 'never on the wire' });
  });
});

describe('answers holding records', () => {
  const ITEM = titled('Item', closedObject({ id: { type: 'integer' }, name: { type: 'string' } }));
  const page = successBody({
    data: closedObject({ items: { type: 'array', items: ITEM }, pagination: PAGINATION }),
    beside: { note: { type: 'string' } },
  });
  const pagination = { limit: 50, offset: 0, total: 2, has_more: false, next_cursor: null };
  const text = (bytes: string | Buffer) => bytes.toString();

  it('are written as their schema says: its order, absent properties left out, unnamed ones dropped', () => {
    const write = serializerOf(page);
    const items = [
      { name: 'café ✓', id: 1, secret: 'x' },
      { id: 2, name: 'quote " and \\ back' },
    ];
    const body = { success: true, data: { items, pagination }, extra: 1 };
    expect(text(write(body))).to.equal(
      `{"success":true,"data":{"items":[{"id":1,"name":"café ✓"},{"id":2,"name":"quote \\" and \\\\ back"}],"pagination":${JSON.stringify(pagination)}}}`,
    );
    expect(JSON.parse(text(write({ ...body, note: 'n' }))).note).to.equal('n');
    expect(text(write({ success: true, data: { items: [], pagination } }))).to.equal(
      `{"success":true,"data":{"items":[],"pagination":${JSON.stringify(pagination)}}}`,
    );
  });

  it('keep nothing of an answer: the same object changed is written as it is now', () => {
    const write = serializerOf(page);
    const item = { id: 1, name: 'first' };
    const body = { success: true, data: { items: [item], pagination } };
    expect(JSON.parse(text(write(body))).data.items[0].name).to.equal('first');
    item.name = 'changed in place';
    expect(JSON.parse(text(write(body))).data.items[0].name).to.equal('changed in place');
  });

  it('go out as bytes whose length is the one announced, whatever the characters', async () => {
    const app = Fastify();
    registerSerializers(app);
    app.get('/items', { schema: { response: { 200: page } } }, async () => ({
      success: true,
      data: { items: [{ id: 1, name: 'naïve 日本 🎉' }], pagination },
    }));
    const response = await app.inject({ method: 'GET', url: '/items' });
    await app.close();
    expect(Number(response.headers['content-length'])).to.equal(response.rawPayload.length);
    expect(response.json().data.items[0].name).to.equal('naïve 日本 🎉');
  });
});

describe('the schemas answers are serialized from', () => {
  const owned = { id: 1, ownerId: 1, createdAt: new Date(0), updatedAt: new Date(0) };
  const links = { clientId: null, projectId: null, taskId: null, categoryId: null, date: null };
  const named = { ...owned, name: 'x', description: null, active: true };
  const resources = [
    { name: 'task', schema: TASK.schema, presented: presentTask(aTask()) },
    {
      name: 'client',
      schema: CLIENT.schema,
      presented: presentClient({ ...named, email: null, phone: null }),
    },
    { name: 'project', schema: PROJECT.schema, presented: presentProject({ ...named, clientId: null }) },
    { name: 'category', schema: NAMED.schema, presented: presentNamed(named) },
    { name: 'note', schema: NOTE.schema, presented: presentNote({ ...named, ...links }) },
    {
      name: 'time record',
      schema: TIME.schema,
      presented: presentTime({ ...owned, ...links, timeReally: 60 as Duration, description: null }),
    },
    {
      name: 'money record',
      schema: MONEY.schema,
      presented: presentMoney({
        ...owned,
        ...links,
        type: 1,
        price: 1 as Money,
        card: null,
        toCard: null,
        description: null,
      }),
    },
  ];

  // The serializer writes a schema's properties in the schema's order: it is the wire's order.
  for (const { name, schema, presented } of resources) {
    it(`lists a ${name}'s fields in the order its presenter writes them`, () => {
      expect(Object.keys(schema.properties as object)).to.deep.equal(Object.keys(presented));
    });
  }
});
