import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { servedRoutes } from '../../support/served-routes.js';
import { right } from '../../support/world.js';

/**
 * Who may call what: every served route against no key, a malformed, revoked or expired key, each
 * scope variant, another owner and (for tasks) the assignee. The tests are generated from MATRIX,
 * and a route the server serves without a row fails the first test.
 */

type Resource =
  | 'tasks'
  | 'clients'
  | 'projects'
  | 'notes'
  | 'categories'
  | 'cards'
  | 'times'
  | 'moneys'
  | 'webhooks';

interface KeyedRow {
  readonly resource: Resource;
  readonly access: 'read' | 'write';
  /** A valid body, for routes that take one. */
  readonly body?: object;
  /** What another owner gets for alice's record (a list: 200, without alice's records). */
  readonly anotherOwner: number;
  /** What the task's assignee gets (tasks only): its own body when it differs. */
  readonly assignee?: { readonly status: number; readonly body?: object };
  /** What an allowed owner gets, when not what `allowedStatus` says (routes without If-Match). */
  readonly allowed?: number;
  /** The `{id}` to call, when not alice's record of the resource (one that does not exist). */
  readonly id?: number;
  /** The route is about alice's calendar feed (of her tasks), not a record of the resource. */
  readonly feed?: true;
}

/** An id no record has: the owner's allowed call gets past every check to the 404. */
const MISSING = 2_147_483_000;

/**
 * Delta sync: a read scope per resource it answers, checked by the session. A batch: any valid key,
 * each operation checked as it would be alone. Who a key is (`any-key`): any valid key, no scope.
 */
type Row =
  | KeyedRow
  | 'public'
  | 'token'
  | 'any-key'
  | 'every-resource'
  | 'every-write'
  | 'per-resource'
  | 'per-operation'
  | 'per-tool';

/**
 * Calendar feeds: a key that reads tasks or times gets in; each feed is then the caller's to manage
 * only if the key reads what it shows (alice's shows her tasks).
 */
const FEED_ROW = { resource: 'tasks', access: 'read', feed: true } as const;
/** What a feed route names as accepted when a key reads neither tasks nor times. */
const FEED_SCOPES = 'tasks:read, tasks:*, times:read, times:*';

const MATRIX: Readonly<Record<string, Row>> = {
  'GET /v1/health': 'public',
  'GET /v1/openapi.json': 'public',
  'GET /docs': 'public',
  'GET /docs/{asset}': 'public',
  'GET /v1/tasks': { resource: 'tasks', access: 'read', anotherOwner: 200, assignee: { status: 200 } },
  'POST /v1/tasks': { resource: 'tasks', access: 'write', body: { title: 't' }, anotherOwner: 201 },
  'GET /v1/tasks/{id}': { resource: 'tasks', access: 'read', anotherOwner: 404, assignee: { status: 200 } },
  'PATCH /v1/tasks/{id}': {
    resource: 'tasks',
    access: 'write',
    body: { title: 'renamed' },
    anotherOwner: 404,
    assignee: { status: 403 },
  },
  'PUT /v1/tasks/{id}': {
    resource: 'tasks',
    access: 'write',
    body: { title: 'replaced' },
    anotherOwner: 404,
    assignee: { status: 403 },
  },
  'DELETE /v1/tasks/{id}': {
    resource: 'tasks',
    access: 'write',
    anotherOwner: 404,
    assignee: { status: 403 },
  },
  'GET /v1/tasks/{id}/history': {
    resource: 'tasks',
    access: 'read',
    anotherOwner: 404,
    assignee: { status: 200 },
  },
  'GET /v1/gamification': { resource: 'tasks', access: 'read', anotherOwner: 200 },
  // A report covers the caller's own records: another owner's are not in it, and it answers 200.
  'GET /v1/reports/times': { resource: 'times', access: 'read', anotherOwner: 200 },
  'GET /v1/reports/moneys': { resource: 'moneys', access: 'read', anotherOwner: 200 },
  'GET /v1/reports/tasks': { resource: 'tasks', access: 'read', anotherOwner: 200 },
  'GET /v1/me': 'any-key',
  // The whole workspace: every resource's read scope; its own owner's records only (not in batches).
  'GET /v1/export': 'every-resource',
  'POST /v1/import': 'every-write',
  // The token in the URL is the credential: any key or none, alice's feed answers (a unknown token 404).
  'GET /v1/calendar/{file}': 'token',
  'POST /v1/calendar-feeds': { ...FEED_ROW, body: { name: 'n' }, anotherOwner: 201 },
  'GET /v1/calendar-feeds': { ...FEED_ROW, anotherOwner: 200 },
  'GET /v1/calendar-feeds/{id}': { ...FEED_ROW, anotherOwner: 404 },
  'DELETE /v1/calendar-feeds/{id}': { ...FEED_ROW, anotherOwner: 404, allowed: 404, id: MISSING },
  'POST /v1/calendar-feeds/{id}/regenerate': { ...FEED_ROW, anotherOwner: 404, allowed: 200 },
  'GET /v1/sync': 'per-resource',
  'POST /v1/batch': 'per-operation',
  'POST /mcp': 'per-tool',
  'POST /public-api/v1/times': {
    resource: 'times',
    access: 'write',
    body: { time_really: '1:00:00' },
    anotherOwner: 201,
  },
  'POST /public-api/v1/moneys': {
    resource: 'moneys',
    access: 'write',
    body: { type: 1, price: 1 },
    anotherOwner: 201,
  },
  'POST /public-api/v1/notes': {
    resource: 'notes',
    access: 'write',
    body: { description: 'd' },
    anotherOwner: 201,
  },
  'POST /v1/webhooks': {
    resource: 'webhooks',
    access: 'write',
    body: { url: 'https://93.184.215.14/hook' },
    anotherOwner: 201,
  },
  'GET /v1/webhooks': { resource: 'webhooks', access: 'read', anotherOwner: 200 },
  'GET /v1/webhooks/{id}': { resource: 'webhooks', access: 'read', anotherOwner: 404 },
  'PATCH /v1/webhooks/{id}': {
    resource: 'webhooks',
    access: 'write',
    body: { description: 'd' },
    anotherOwner: 404,
    allowed: 200,
  },
  'DELETE /v1/webhooks/{id}': {
    resource: 'webhooks',
    access: 'write',
    anotherOwner: 404,
    allowed: 404,
    id: MISSING,
  },
  'POST /v1/webhooks/{id}/rotate-secret': {
    resource: 'webhooks',
    access: 'write',
    anotherOwner: 404,
    allowed: 200,
  },
  'GET /v1/webhooks/{id}/deliveries': { resource: 'webhooks', access: 'read', anotherOwner: 404 },
  'POST /v1/webhooks/{id}/deliveries/{delivery_id}/retry': {
    resource: 'webhooks',
    access: 'write',
    anotherOwner: 404,
    allowed: 404,
  },
  ...Object.fromEntries(
    (
      [
        ['clients', { name: 'n' }],
        ['projects', { name: 'n' }],
        ['notes', { name: 'n' }],
        ['categories', { name: 'n' }],
        ['cards', { name: 'n' }],
        ['times', { time_really: '1:00:00' }],
        ['moneys', { type: 1, price: 1 }],
      ] as const
    ).flatMap(([resource, body]): [string, KeyedRow][] => [
      [`GET /v1/${resource}`, { resource, access: 'read', anotherOwner: 200 }],
      [`POST /v1/${resource}`, { resource, access: 'write', body, anotherOwner: 201 }],
      [`GET /v1/${resource}/{id}`, { resource, access: 'read', anotherOwner: 404 }],
      [`PATCH /v1/${resource}/{id}`, { resource, access: 'write', body, anotherOwner: 404 }],
      [`DELETE /v1/${resource}/{id}`, { resource, access: 'write', anotherOwner: 404 }],
    ]),
  ),
};

const OTHER_RESOURCE: Record<Resource, Resource> = {
  tasks: 'clients',
  clients: 'tasks',
  projects: 'notes',
  notes: 'projects',
  categories: 'cards',
  cards: 'categories',
  times: 'moneys',
  moneys: 'times',
  webhooks: 'tasks',
};

const ALL_SCOPES = Object.keys(OTHER_RESOURCE)
  .map((resource) => `${resource}:*`)
  .join(',');

/** What an allowed owner gets: created, or served (a write with a stale If-Match proves it got past every check but the last). */
const allowedStatus = (method: string, path: string): number => {
  if (method === 'POST') return 201;
  if (path.includes('{id}') && method !== 'GET') return 412;
  return 200;
};

describe('HTTP: the authorization matrix (every route × every kind of caller)', () => {
  let world: HttpWorld;
  /** Alice's record of each resource, referenced by nothing; the task is assigned to carol. */
  const ids = {} as Record<Resource, number>;
  const feed = { id: 0, path: '' };
  const keys = {} as Record<'revoked' | 'expired' | 'bob' | 'carol', string>;

  before(async () => {
    world = await openHttpWorld();
    const alice = await world.user('alice');
    await world.user('bob');
    const carol = await world.user('carol');
    keys.bob = await world.key('bob', ALL_SCOPES);
    keys.carol = await world.key('carol', 'tasks:*');
    const aliceId = (await right(world.workspace.users.find('alice'))).id;
    const revoked = await right(world.workspace.keys.create({ userId: aliceId, scopes: ['tasks:*'] }));
    await right(world.workspace.keys.revoke(revoked.apiKey.id));
    keys.revoked = revoked.plaintext;
    const expiresAt = new Date(world.clock.now().getTime() + 1000);
    keys.expired = (
      await right(world.workspace.keys.create({ userId: aliceId, scopes: ['tasks:*'], expiresAt }))
    ).plaintext;
    world.clock.advance(2000);

    ids.tasks = (await right(alice.tasks.create({ title: 'assigned', assigneeId: carol.userId }))).id;
    ids.clients = (await right(alice.clients.create({ name: 'c' }))).id;
    ids.projects = (await right(alice.projects.create({ name: 'p' }))).id;
    ids.notes = (await right(alice.notes.create({ name: 'n' }))).id;
    ids.categories = (await right(alice.categories.create({ name: 'cat' }))).id;
    ids.cards = (await right(alice.cards.create({ name: 'card' }))).id;
    ids.times = (await right(alice.times.create({ timeReally: 60 }))).id;
    ids.moneys = (await right(alice.moneys.create({ type: 1, price: 1 }))).id;
    ids.webhooks = (await right(alice.webhooks.create({ url: 'https://93.184.215.14/hook' }))).webhook.id;
    const made = await right(alice.calendarFeeds.create({ name: 'work' }));
    feed.id = made.feed.id;
    feed.path = `/v1/calendar/${made.token}.ics`;
  });

  /** The `{id}` a keyed row calls. */
  const idFor = (row: KeyedRow): number => row.id ?? (row.feed ? feed.id : ids[row.resource]);

  after(() => world.close());

  it('has a row for every route the server serves, and no row for a route it does not', async () => {
    const served = await servedRoutes(world.app);
    expect(
      // HEAD is the GET of the same path without its body: the GET's row covers it.
      served.filter((route) => !(route in MATRIX) && !(route.replace(/^HEAD /, 'GET ') in MATRIX)),
      'served routes without a row',
    ).to.deep.equal([]);
    expect(
      Object.keys(MATRIX).filter((route) => !served.includes(route)),
      'rows without a route',
    ).to.deep.equal([]);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    const [method = 'GET', path = ''] = route.split(' ');

    if (row === 'public') {
      it(`${route}: anyone, with any key or none`, async () => {
        const url = path.replace('{asset}', 'docs.js');
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url });
          expect(response.statusCode, String(key)).to.equal(200);
        }
      });
      continue;
    }

    if (row === 'every-resource') {
      it(`${route}: every resource's read scope, and only the owner's records`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        const reads = Object.keys(OTHER_RESOURCE).filter((resource) => resource !== 'webhooks');
        for (const lacking of reads) {
          const scopes = reads.filter((resource) => resource !== lacking).map((r) => `${r}:read`);
          const refused = await world.call(await world.key('alice', scopes.join(',')), { method, url: path });
          expect(refused.statusCode, lacking).to.equal(403);
          expect(refused.headers['x-accepted-scopes'], lacking).to.equal(`${lacking}:read, ${lacking}:*`);
        }
        const every = reads.map((resource) => `${resource}:read`).join(',');
        const own = await world.call(await world.key('alice', every), { method, url: path });
        expect(own.json().tasks.map((task: { id: number }) => task.id)).to.include(ids.tasks);
        // Alice's task is assigned to carol: only its owner's export holds it.
        const carols = (await world.call(keys.carol, { method, url: path })).statusCode;
        expect(carols, 'a key without every read scope').to.equal(403);
        const bobs = (await world.call(keys.bob, { method, url: path })).json();
        expect(bobs.clients.map((client: { id: number }) => client.id)).not.to.include(ids.clients);
        expect(bobs.tasks.map((task: { id: number }) => task.id)).not.to.include(ids.tasks);
      });
      continue;
    }

    if (row === 'every-write') {
      it(`${route}: every resource's write scope, into the key owner's own workspace`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path, payload: {} });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        const resources = Object.keys(OTHER_RESOURCE).filter((resource) => resource !== 'webhooks');
        for (const lacking of resources) {
          const scopes = resources.filter((resource) => resource !== lacking).map((r) => `${r}:write`);
          const key = await world.key('alice', [...scopes, `${lacking}:read`].join(','));
          const refused = await world.call(key, { method, url: path, payload: {} });
          expect(refused.statusCode, lacking).to.equal(403);
          expect(refused.headers['x-accepted-scopes'], lacking).to.equal(`${lacking}:write, ${lacking}:*`);
        }
        // Alice has records: an import meets her own workspace, not empty.
        const every = resources.map((resource) => `${resource}:write`).join(',');
        const own = await world.call(await world.key('alice', every), { method, url: path, payload: {} });
        expect(own.json().error.code).to.equal('WORKSPACE_NOT_EMPTY');
      });
      continue;
    }

    if (row === 'token') {
      it(`${route}: anyone with the URL, with any key or none; a token that names no feed is 404`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired, keys.bob]) {
          expect((await world.call(key, { method, url: feed.path })).statusCode, String(key)).to.equal(200);
          const unknown = await world.call(key, { method, url: `/v1/calendar/${'A'.repeat(43)}.ics` });
          expect(unknown.statusCode, String(key)).to.equal(404);
        }
      });
      continue;
    }

    if (row === 'any-key') {
      it(`${route}: any valid key, whatever its scopes, answered about that key's own user`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        for (const [name, key] of [
          ['alice', await world.key('alice', 'notes:read')],
          ['bob', keys.bob],
        ] as const) {
          const response = await world.call(key, { method, url: path });
          expect(response.statusCode, name).to.equal(200);
          expect(response.json().data.user.name, name).to.equal(name);
        }
      });
      continue;
    }

    if (row === 'per-resource') {
      it(`${route}: any key of the owner, each resource it answers needing its own read scope`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        const aliceTasks = await world.key('alice', 'tasks:read');
        const answer = await world.call(aliceTasks, { method, url: path });
        const resources = answer.json().data.changes.map((change: { resource: string }) => change.resource);
        expect([...new Set(resources)]).to.deep.equal(['tasks']);
        const refused = await world.call(aliceTasks, { method, url: `${path}?resources=tasks,clients` });
        expect(refused.statusCode).to.equal(403);
        expect(refused.json().error.code).to.equal('INSUFFICIENT_SCOPE');
        // Another owner's feed holds none of alice's records (only its own); the assignee's, her task.
        const bobs = (await world.call(keys.bob, { method, url: path })).json().data.changes;
        const alices = bobs.filter(
          (change: { resource: Resource; id: number }) => change.id === ids[change.resource],
        );
        expect(alices).to.deep.equal([]);
        const carol = (await world.call(keys.carol, { method, url: path })).json().data.changes;
        expect(carol.map((change: { id: number }) => change.id)).to.include(ids.tasks);
      });
      continue;
    }

    if (row === 'per-tool') {
      it(`${route}: any key of the owner; each tool call checked as its API request (mcp-tools.spec)`, async () => {
        const message = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
        const headers = { accept: 'application/json, text/event-stream' };
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path, payload: message, headers });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        const listed = await world.call(await world.key('alice', 'notes:read'), {
          method,
          url: path,
          payload: message,
          headers,
        });
        expect(listed.statusCode).to.equal(200);
        const names = listed.json().result.tools.map((tool: { name: string }) => tool.name);
        expect(names).to.include('notes_list').and.not.to.include('tasks_list');
      });
      continue;
    }

    if (row === 'per-operation') {
      it(`${route}: any key of the owner; each operation answered as alone, for every route and caller`, async () => {
        for (const key of [null, 'wsk_live_malformed', keys.revoked, keys.expired]) {
          const response = await world.call(key, { method, url: path, payload: { operations: [] } });
          expect(response.statusCode, String(key)).to.equal(401);
        }
        for (const [single, singleRow] of Object.entries(MATRIX)) {
          if (
            singleRow === 'per-operation' ||
            singleRow === 'every-resource' ||
            singleRow === 'every-write' ||
            singleRow === 'per-resource' ||
            singleRow === 'per-tool' ||
            singleRow === 'any-key'
          )
            continue;
          const [singleMethod = 'GET', singlePath = ''] = single.split(' ');
          if (!singlePath.startsWith('/v1/') && !singlePath.startsWith('/public-api/')) continue;
          const keyed = singleRow === 'public' || singleRow === 'token' ? null : singleRow;
          const resource = keyed === null ? 'tasks' : keyed.resource;
          const url = singlePath
            .replace('{id}', String(keyed === null ? ids.tasks : idFor(keyed)))
            .replace('{delivery_id}', String(MISSING));
          const body = keyed?.body;
          const callers = [
            await world.key('alice', `${resource}:read`),
            await world.key('alice', `${resource}:write`),
            await world.key('alice', `${OTHER_RESOURCE[resource]}:*`),
            keys.bob,
            keys.carol,
          ];
          for (const key of callers) {
            const alone = await world.call(key, {
              method: singleMethod,
              url,
              ...(body ? { payload: body } : {}),
              headers: { 'if-match': '"stale"' },
            });
            const batched = await world.call(key, {
              method: 'POST',
              url: path,
              payload: {
                atomic: false,
                operations: [
                  {
                    method: singleMethod,
                    path: url,
                    ...(body ? { body } : {}),
                    headers: { 'If-Match': '"stale"' },
                  },
                ],
              },
            });
            expect(batched.statusCode).to.equal(200);
            const [result] = batched.json().data.results;
            expect(result.status, `${single} in a batch`).to.equal(alone.statusCode);
            if (alone.statusCode >= 400) expect(result.body.error.code).to.equal(alone.json().error.code);
          }
        }
      });
      continue;
    }

    it(`${route}: ${row.resource}:${row.access} or ${row.resource}:*, and only the owner${row.assignee ? ' or the assignee' : ''}`, async () => {
      const url = path.replace('{id}', String(idFor(row))).replace('{delivery_id}', String(MISSING));
      const send = (key: string | null, headers: Record<string, string> = {}, body = row.body) =>
        world.call(key, {
          method,
          url,
          ...(body ? { payload: body } : {}),
          headers: { 'if-match': '"stale"', ...headers },
        });
      const expectRefusal = async (key: string | null, status: number, code: string, label: string) => {
        const response = await send(key);
        expect(response.statusCode, label).to.equal(status);
        expect(response.json().error.code, label).to.equal(code);
      };

      await expectRefusal(null, 401, 'UNAUTHORIZED', 'no key');
      await expectRefusal('wsk_live_malformed', 401, 'INVALID_API_KEY', 'malformed key');
      await expectRefusal(`wsk_live_${'A'.repeat(40)}`, 401, 'INVALID_API_KEY', 'unknown key');
      await expectRefusal(keys.revoked, 401, 'INVALID_API_KEY', 'revoked key');
      await expectRefusal(keys.expired, 401, 'INVALID_API_KEY', 'expired key');

      const otherAccess = row.access === 'read' ? 'write' : 'read';
      const denied = await send(await world.key('alice', `${row.resource}:${otherAccess}`));
      expect(denied.statusCode, `${row.resource}:${otherAccess}`).to.equal(403);
      expect(denied.headers['x-accepted-scopes']).to.equal(
        row.feed ? FEED_SCOPES : `${row.resource}:${row.access}, ${row.resource}:*`,
      );
      await expectRefusal(
        await world.key('alice', `${OTHER_RESOURCE[row.resource]}:*`),
        403,
        'INSUFFICIENT_SCOPE',
        'another resource’s wildcard',
      );

      const allowed = row.allowed ?? allowedStatus(method, path);
      for (const scope of [`${row.resource}:${row.access}`, `${row.resource}:*`]) {
        const response = await send(await world.key('alice', scope));
        expect(response.statusCode, `${scope}: ${response.body}`).to.equal(allowed);
      }

      const stranger = await send(keys.bob);
      expect(stranger.statusCode, `another owner: ${stranger.body}`).to.equal(row.anotherOwner);
      // A report's ownership: its port contract adds up one owner's records beside another's.
      if (row.anotherOwner === 200 && path === `/v1/${row.resource}`) {
        const listed = stranger.json().data[row.resource].map((record: { id: number }) => record.id);
        expect(listed, 'another owner’s list').not.to.include(ids[row.resource]);
      }

      if (row.assignee !== undefined) {
        const assigned = await send(keys.carol, {}, row.assignee.body ?? row.body);
        expect(assigned.statusCode, `assignee: ${assigned.body}`).to.equal(
          row.assignee.status === 200 ? allowed : row.assignee.status,
        );
        if (row.assignee.status === 403) expect(assigned.json().error.code).to.equal('NOT_TASK_OWNER');
      }
    });
  }

  it('lets the assignee change the task’s status, and see it in their list', async () => {
    const moved = await world.call(keys.carol, {
      method: 'PATCH',
      url: `/v1/tasks/${ids.tasks}`,
      payload: { status: 1 },
    });
    expect(moved.statusCode).to.equal(200);
    const list = await world.call(keys.carol, { method: 'GET', url: '/v1/tasks' });
    expect(list.json().data.tasks.map((task: { id: number }) => task.id)).to.include(ids.tasks);
  });
});
