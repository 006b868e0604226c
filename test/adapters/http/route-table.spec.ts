import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

/** Every authenticated route, the scope it needs, and a body that would be valid. */
const ROUTES: readonly (readonly [
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  scope: string,
  body?: object,
])[] = [
  ['GET', '/v1/tasks', 'tasks:read'],
  ['POST', '/v1/tasks', 'tasks:write', { title: 't' }],
  ['GET', '/v1/tasks/{id}', 'tasks:read'],
  ['PATCH', '/v1/tasks/{id}', 'tasks:write', { title: 't' }],
  ['PUT', '/v1/tasks/{id}', 'tasks:write', { title: 't' }],
  ['DELETE', '/v1/tasks/{id}', 'tasks:write'],
  ['GET', '/v1/tasks/{id}/history', 'tasks:read'],
  ['GET', '/v1/gamification', 'tasks:read'],
  ...(['clients', 'projects', 'notes', 'categories', 'cards'] as const).flatMap(
    (resource) =>
      [
        ['GET', `/v1/${resource}`, `${resource}:read`],
        ['POST', `/v1/${resource}`, `${resource}:write`, { name: 'n' }],
        ['GET', `/v1/${resource}/{id}`, `${resource}:read`],
        ['PATCH', `/v1/${resource}/{id}`, `${resource}:write`, { name: 'n' }],
        ['DELETE', `/v1/${resource}/{id}`, `${resource}:write`],
      ] as const,
  ),
  ['POST', '/public-api/v1/times/', 'times:write', { time_really: '1:00:00' }],
  ['POST', '/public-api/v1/moneys/', 'moneys:write', { type: 1, price: 1 }],
  ['POST', '/public-api/v1/notes/', 'notes:write', { description: 'd' }],
];

const resourceOf = (scope: string): string => scope.split(':')[0] ?? '';

describe('HTTP: every route checks the key, the scope and the id', () => {
  let world: HttpWorld;

  before(async () => {
    world = await openHttpWorld();
    await world.user('alice');
  });

  after(() => world.close());

  for (const [method, url, scope, body] of ROUTES) {
    const path = url.replace('{id}', '987654');

    it(`${method} ${url}: 401 without a key, 403 without ${scope}, then served`, async () => {
      const anonymous = await world.call(null, { method, url: path, payload: body });
      expect(anonymous.statusCode).to.equal(401);
      expect(anonymous.json().error.code).to.equal('UNAUTHORIZED');

      const resource = resourceOf(scope);
      const otherAccess = scope.endsWith(':read') ? `${resource}:write` : `${resource}:read`;
      const wrongScope = await world.key('alice', otherAccess);
      const denied = await world.call(wrongScope, { method, url: path, payload: body });
      expect(denied.statusCode).to.equal(403);
      expect(denied.json().error).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
      expect(denied.json().error.message).to.contain(scope);

      const allowed = await world.key('alice', scope);
      const served = await world.call(allowed, { method, url: path, payload: body });
      // With the scope: a missing {id} is 404, anything else is served.
      expect(served.statusCode).to.equal(url.includes('{id}') ? 404 : method === 'POST' ? 201 : 200);
      expect(served.json().success).to.equal(!url.includes('{id}'));
    });
  }
});
