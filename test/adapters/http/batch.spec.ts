import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import {
  FRESH_SQL_DATABASES,
  type HarnessFactory,
  inMemoryHarness,
  sqlHarnessWithQuery,
} from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

type Query = (sql: string) => Promise<readonly Record<string, unknown>[]>;

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly ref?: string;
  readonly headers?: Record<string, string>;
}

/** One result of a batch; its body is JSON as the answer holds it. */
interface OperationAnswer {
  readonly status: number;
  readonly body: ReturnType<typeof JSON.parse>;
  readonly headers?: { readonly etag: string };
}

/** Each database, with a query on it that shares no code with the service (none for memory). */
const SETUPS: readonly { name: string; open: () => Promise<{ harness: HarnessFactory; query?: Query }> }[] = [
  { name: inMemoryHarness.name, open: async () => ({ harness: inMemoryHarness }) },
  ...FRESH_SQL_DATABASES.map((fresh) => ({
    name: fresh.name,
    open: async () => {
      const { harness, query } = await sqlHarnessWithQuery(fresh);
      return { harness: { name: fresh.name, open: async () => harness }, query };
    },
  })),
];

/** A batch that stops in its third operation (an empty title), with records of three resources around it. */
const FAILING_IN_THE_MIDDLE: readonly Operation[] = [
  { method: 'POST', path: '/v1/clients', body: { name: 'Acme' }, ref: 'acme' },
  { method: 'POST', path: '/v1/tasks', body: { title: 'Call Acme', client_id: '$ref:acme' } },
  { method: 'POST', path: '/v1/tasks', body: { title: '' } },
  { method: 'POST', path: '/v1/notes', body: { name: 'Minutes', client_id: '$ref:acme' } },
];

for (const setup of SETUPS) {
  describe(`HTTP: POST /v1/batch (CONTRACT §11, ${setup.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let key: string;
    let query: Query | undefined;

    beforeEach(async () => {
      const opened = await setup.open();
      query = opened.query;
      world = await openHttpWorld(undefined, await opened.harness.open());
      await world.user('alice');
      key = await world.key('alice', 'tasks:*,clients:*,projects:*,notes:*');
    });

    afterEach(() => world.close());

    const batch = (operations: readonly Operation[], options: { atomic?: boolean; as?: string } = {}) =>
      world.call(options.as ?? key, {
        method: 'POST',
        url: '/v1/batch',
        payload: { ...(options.atomic === undefined ? {} : { atomic: options.atomic }), operations },
      });
    const results = async (
      operations: readonly Operation[],
      options: { atomic?: boolean; as?: string } = {},
    ): Promise<OperationAnswer[]> => {
      const response = await batch(operations, options);
      expect(response.statusCode, response.body).to.equal(200);
      return response.json().data.results;
    };
    const total = async (resource: string) =>
      (await world.call(key, { method: 'GET', url: `/v1/${resource}` })).json().data.pagination.total;
    /** Rows of the tables a batch writes, counted by SQL (the service's own reads not involved). */
    const storedRows = async () => {
      if (query === undefined) return null;
      const counts: Record<string, number> = {};
      for (const table of ['clients', 'tasks', 'notes', 'task_status_history', 'change_log'])
        counts[table] = Number((await query(`select count(*) as n from ${table}`))[0]?.n);
      return counts;
    };

    it('an atomic batch over several resources creates them all, each later one naming an earlier one’s id by $ref', async () => {
      const answered = await results([
        { method: 'POST', path: '/v1/clients', body: { name: 'Acme' }, ref: 'acme' },
        {
          method: 'POST',
          path: '/v1/projects',
          body: { name: 'Launch', client_id: '$ref:acme' },
          ref: 'launch',
        },
        {
          method: 'POST',
          path: '/v1/tasks',
          body: { title: 'Write the post', project_id: '$ref:launch' },
          ref: 'post',
        },
        { method: 'POST', path: '/v1/notes', body: { name: 'Outline', task_id: '$ref:post' } },
        { method: 'PATCH', path: '/v1/tasks/$ref:post', body: { status: 2 } },
        { method: 'GET', path: '/v1/tasks/$ref:post/history' },
        { method: 'GET', path: '/v1/tasks?project_id=$ref:launch' },
      ]);
      expect(answered.map((r) => r.status)).to.deep.equal([201, 201, 201, 201, 200, 200, 200]);
      const [client, project, task, note, done, history, listed] = answered.map((r) => r.body);
      expect(project.data.project.client_id).to.equal(client.data.client.id);
      expect(task.data.task.project_id).to.equal(project.data.project.id);
      expect(task.data.task.client_id, 'a task’s client follows its project').to.equal(client.data.client.id);
      expect(note.data.note.task_id).to.equal(task.data.task.id);
      expect(done.data.task.status).to.equal(2);
      expect(done.gamification.points_awarded).to.be.above(0);
      expect(history.data.history.map((h: { to_status: number }) => h.to_status)).to.deep.equal([0, 2]);
      expect(
        listed.data.tasks.map((t: { title: string; status: number }) => [t.title, t.status]),
        'a list read in the batch sees its own writes',
      ).to.deep.equal([['Write the post', 2]]);
      expect(answered[4]?.headers?.etag, 'each record answer keeps its ETag').to.be.a('string');
      expect(await total('tasks')).to.equal(1);
    });

    it('an atomic batch of task creates, written together, answers each as a later GET shows it, ETag included', async () => {
      const created = await results(
        Array.from({ length: 70 }, (_, i) => ({
          method: 'POST' as const,
          path: '/v1/tasks',
          body: { title: `import ${i}`, priority: i % 4, ...(i % 7 === 0 ? { status: 2 } : {}) },
        })),
      );
      expect(created.every((r) => r.status === 201)).to.equal(true);
      for (const answer of created) {
        const { id } = answer.body.data.task;
        const got = await world.call(key, { method: 'GET', url: `/v1/tasks/${id}` });
        expect(got.json().data.task).to.deep.equal(answer.body.data.task);
        expect(got.headers.etag).to.equal(answer.headers?.etag);
      }
      const numbers = created.map((r) => r.body.data.task.client_task_id);
      expect(numbers).to.deep.equal(Array.from({ length: 70 }, (_, i) => i + 1));
      expect(await storedRows()).to.satisfy(
        (rows: Record<string, number> | null) =>
          rows === null || (rows.tasks === 70 && rows.task_status_history === 70),
      );
    });

    it('an atomic batch that fails in the middle stores nothing and answers 424 FAILED_DEPENDENCY for every other operation', async () => {
      const before = await storedRows();
      const answered = await results(FAILING_IN_THE_MIDDLE);
      expect(answered.map((r) => r.status)).to.deep.equal([424, 424, 400, 424]);
      expect(answered[2]?.body.error.code).to.equal('TITLE_REQUIRED');
      expect(answered[0]?.body.error).to.deep.equal({
        code: 'FAILED_DEPENDENCY',
        message: 'Not stored: operations[2] failed, and the batch is atomic.',
      });
      expect([await total('clients'), await total('tasks'), await total('notes')]).to.deep.equal([0, 0, 0]);
      expect(await storedRows(), 'rows by SQL, the change log’s too').to.deep.equal(before);
    });

    it('a batch with atomic false stores each operation that succeeds, and skips one that uses a failed one’s id', async () => {
      const answered = await results(
        [
          ...FAILING_IN_THE_MIDDLE,
          { method: 'POST', path: '/v1/clients', body: { name: '' }, ref: 'nameless' },
          { method: 'POST', path: '/v1/projects', body: { name: 'Orphan', client_id: '$ref:nameless' } },
        ],
        { atomic: false },
      );
      expect(answered.map((r) => r.status)).to.deep.equal([201, 201, 400, 201, 400, 424]);
      expect(answered[5]?.body.error.message).to.match(/\$ref:nameless/);
      expect([
        await total('clients'),
        await total('tasks'),
        await total('notes'),
        await total('projects'),
      ]).to.deep.equal([1, 1, 1, 0]);
      if (query !== undefined)
        expect(Number((await query('select count(*) as n from tasks'))[0]?.n)).to.equal(1);
    });

    it('checks each operation’s scope as if sent alone: a key without clients:write is refused that one', async () => {
      const tasksOnly = await world.key('alice', 'tasks:*');
      const operations = [
        { method: 'POST', path: '/v1/tasks', body: { title: 'Allowed' } },
        { method: 'POST', path: '/v1/clients', body: { name: 'Refused' } },
      ];
      const alone = await results(operations, { atomic: false, as: tasksOnly });
      expect(alone.map((r) => r.status)).to.deep.equal([201, 403]);
      expect(alone[1]?.body.error.code).to.equal('INSUFFICIENT_SCOPE');
      const atomic = await results(operations, { as: tasksOnly });
      expect(atomic.map((r) => r.status)).to.deep.equal([424, 403]);
      expect(await total('tasks')).to.equal(1);
    });

    it('answers an unknown route 404, a wrong method 405 and a bad id 404, each as alone', async () => {
      const answered = await results(
        [
          { method: 'GET', path: '/v1/nothing-here' },
          { method: 'DELETE', path: '/v1/gamification' },
          { method: 'GET', path: '/v1/tasks/0' },
          { method: 'GET', path: '/v1/tasks/?limit=1' },
        ],
        { atomic: false },
      );
      expect(answered.map((r) => r.status)).to.deep.equal([404, 405, 404, 200]);
      expect(answered[1]?.body.error.code).to.equal('METHOD_NOT_ALLOWED');
      expect(answered[3]?.body.data.pagination.limit).to.equal(1);
    });

    it('takes If-Match and If-None-Match as each operation’s headers', async () => {
      const created = await world.call(key, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 'Draft' },
      });
      const { id } = created.json().data.task;
      const etag = String(created.headers.etag);
      const answered = await results(
        [
          { method: 'GET', path: `/v1/tasks/${id}`, headers: { 'If-None-Match': etag } },
          {
            method: 'PATCH',
            path: `/v1/tasks/${id}`,
            body: { title: 'Stale' },
            headers: { 'if-match': '"stale"' },
          },
          {
            method: 'PATCH',
            path: `/v1/tasks/${id}`,
            body: { title: 'Final' },
            headers: { 'If-Match': etag },
          },
        ],
        { atomic: false },
      );
      expect(answered.map((r) => r.status)).to.deep.equal([304, 412, 200]);
      expect(answered[0]?.body).to.equal(null);
      expect(answered[2]?.body.data.task.title).to.equal('Final');
    });

    it('refuses a batch that is not one, naming the field: no operations, 101 of them, a nested batch or sync, an unknown ref', async () => {
      const task = { method: 'POST', path: '/v1/tasks', body: { title: 't' } };
      const cases: [body: unknown, field: string][] = [
        [{ operations: [] }, 'operations'],
        [{ operations: Array.from({ length: 101 }, () => task) }, 'operations'],
        [
          { operations: [{ method: 'POST', path: '/v1/batch', body: { operations: [task] } }] },
          'operations[0].path',
        ],
        [{ operations: [task, { method: 'GET', path: '/v1/sync' }] }, 'operations[1].path'],
        [
          {
            operations: [
              { method: 'GET', path: '/v1/tasks/$ref:later' },
              { ...task, ref: 'later' },
            ],
          },
          'operations[0].path',
        ],
        [
          {
            operations: [
              { ...task, ref: 'a' },
              { ...task, ref: 'a' },
            ],
          },
          'operations[1].ref',
        ],
        [{ operations: [{ method: 'TRACE', path: '/v1/tasks' }] }, 'operations[0].method'],
        [{ operations: [{ method: 'get', path: '/v1/tasks' }] }, 'operations[0].method'],
        [{ operations: [{ method: 'GET', path: 'https://elsewhere/v1/tasks' }] }, 'operations[0].path'],
        [
          { operations: [{ ...task, headers: { Authorization: 'Bearer x' } }] },
          'operations[0].headers.authorization',
        ],
        [{ operations: [task], atomic: 'yes' }, 'atomic'],
        [{ operations: [task], extra: 1 }, 'extra'],
      ];
      for (const [payload, field] of cases) {
        const response = await world.call(key, {
          method: 'POST',
          url: '/v1/batch',
          payload: payload as object,
        });
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).to.equal(400);
        expect(response.json().error.code).to.equal('VALIDATION_ERROR');
        expect(response.json().error.details.map((d: { field: string }) => d.field)).to.include(field);
      }
      expect(await total('tasks')).to.equal(0);
    });

    it('an Idempotency-Key covers the whole batch: a retry replays its answer and stores nothing again', async () => {
      const send = () =>
        world.call(key, {
          method: 'POST',
          url: '/v1/batch',
          headers: { 'idempotency-key': 'import-2026-11-27' },
          payload: { operations: [{ method: 'POST', path: '/v1/tasks', body: { title: 'Once' } }] },
        });
      const first = await send();
      const again = await send();
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.json()).to.deep.equal(first.json());
      expect(await total('tasks')).to.equal(1);
    });

    it('logs an atomic batch as its individual changes, committed together', async () => {
      const alice = await right(world.workspace.users.find('alice'));
      const before = await world.persistence.changeLog.latestSeq(alice.id);
      await results([
        { method: 'POST', path: '/v1/tasks', body: { title: 'One' }, ref: 'one' },
        { method: 'PATCH', path: '/v1/tasks/$ref:one', body: { title: 'One, renamed' } },
        { method: 'POST', path: '/v1/clients', body: { name: 'Two' } },
      ]);
      const logged = await world.persistence.changeLog.changesAfter(alice.id, before, 10);
      expect(logged.map((c) => `${c.resource} ${c.operation}`)).to.deep.equal([
        'tasks created',
        'tasks updated',
        'clients created',
      ]);
    });
  });
}
