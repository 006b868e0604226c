import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

const SCOPES = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

interface Everything {
  readonly client: number;
  readonly project: number;
  readonly category: number;
  readonly card: number;
  readonly note: number;
  readonly task: number;
}

/** Routes with an {id}, each with a harmless PATCH body. */
const RESOURCES = [
  ['/v1/clients', 'client', { description: 'mine now' }],
  ['/v1/projects', 'project', { description: 'mine now' }],
  ['/v1/categories', 'category', { description: 'mine now' }],
  ['/v1/cards', 'card', { description: 'mine now' }],
  ['/v1/notes', 'note', { description: 'mine now' }],
  ['/v1/tasks', 'task', { description: 'mine now' }],
] as const;

for (const factory of ALL_HARNESSES) {
  describe(`isolation between owners: ${factory.name}`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    const keys: Record<'alice' | 'bob', string> = { alice: '', bob: '' };

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await factory.open());
      for (const name of ['alice', 'bob'] as const) {
        await world.user(name);
        keys[name] = await world.key(name, SCOPES);
      }
    });

    afterEach(() => world.close());

    const create = async (owner: string, url: string, payload: object, singular: string): Promise<number> => {
      const response = await world.call(owner, { method: 'POST', url, payload });
      expect(response.statusCode, `${url} ${response.body}`).to.equal(201);
      return response.json().data[singular].id;
    };

    /** One of everything, all linked together. */
    const everything = async (key: string): Promise<Everything> => {
      const client = await create(key, '/v1/clients', { name: 'c' }, 'client');
      const project = await create(key, '/v1/projects', { name: 'p', client_id: client }, 'project');
      const category = await create(key, '/v1/categories', { name: 'cat' }, 'category');
      const card = await create(key, '/v1/cards', { name: 'card' }, 'card');
      const task = await create(
        key,
        '/v1/tasks',
        { title: 't', project_id: project, category_id: category },
        'task',
      );
      const note = await create(key, '/v1/notes', { name: 'n', task_id: task }, 'note');
      await create(
        key,
        '/public-api/v1/times/',
        { time_really: '1:00:00', task_id: task, project_id: project },
        'time',
      );
      await create(
        key,
        '/public-api/v1/moneys/',
        { type: 2, price: 1, card, category_id: category },
        'money',
      );
      await create(key, '/public-api/v1/notes/', { description: 'text', client_id: client }, 'note');
      return { client, project, category, card, note, task };
    };

    it('keeps every record of one owner invisible and untouchable to the other', async () => {
      const alices = await everything(keys.alice);
      await everything(keys.bob);

      for (const [path, singular, patch] of RESOURCES) {
        const id = alices[singular];
        for (const [method, payload] of [
          ['GET', undefined],
          ['PATCH', patch],
          ['DELETE', undefined],
        ] as const) {
          const response = await world.call(keys.bob, { method, url: `${path}/${id}`, payload });
          expect(response.statusCode, `${method} ${path}/${id}`).to.equal(404);
        }
        const listed = await world.call(keys.bob, { method: 'GET', url: path });
        const plural = path.split('/').pop() ?? '';
        const seen = listed.json().data[plural].map((r: { id: number }) => r.id);
        expect(seen, path).to.not.include(id);
        expect(listed.json().data.pagination.total, path).to.equal(plural === 'notes' ? 2 : 1);
      }

      // Still intact for Alice.
      for (const [path, singular] of RESOURCES) {
        const response = await world.call(keys.alice, { method: 'GET', url: `${path}/${alices[singular]}` });
        expect(response.statusCode, path).to.equal(200);
        expect(JSON.stringify(response.json().data)).to.not.contain('mine now');
      }
    });

    it("refuses every reference to the other owner's records as INVALID_REFERENCE", async () => {
      const alices = await everything(keys.alice);
      const attempts: [string, object][] = [
        ['/v1/tasks', { title: 't', client_id: alices.client }],
        ['/v1/tasks', { title: 't', project_id: alices.project }],
        ['/v1/tasks', { title: 't', category_id: alices.category }],
        ['/v1/projects', { name: 'p', client_id: alices.client }],
        ['/v1/notes', { name: 'n', task_id: alices.task }],
        ['/public-api/v1/times/', { time_really: '1:00:00', project_id: alices.project }],
        ['/public-api/v1/moneys/', { type: 1, price: 1, card: alices.card }],
        ['/public-api/v1/notes/', { description: 'x', category_id: alices.category }],
      ];
      for (const [url, payload] of attempts) {
        const response = await world.call(keys.bob, { method: 'POST', url, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).to.equal(400);
        expect(response.json().error.code).to.equal('INVALID_REFERENCE');
      }
    });
  });
}
