import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { CryptoApiKeySecrets } from '../../../adapters/auth/crypto-api-key-secrets.js';
import type { UserSession } from '../../../application/workspace/workspace.js';
import type { HarnessFactory } from '../../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../../support/world.js';

/**
 * One contract for every persistence adapter: the in-memory adapter is trusted because it
 * passes the same expectations as SQLite and PostgreSQL.
 */
type TaskQuery = Parameters<UserSession['tasks']['list']>[0];

export const persistenceContract = (factory: HarnessFactory): void => {
  describe(`persistence contract: ${factory.name}`, function () {
    this.timeout(60_000);
    let world: World;
    let alice: UserSession;
    let bob: UserSession;

    beforeEach(async () => {
      world = await openWorld(await factory.open());
      alice = await world.user('alice');
      bob = await world.user('bob');
    });

    afterEach(() => world.close());

    const create = (body: object, actor = alice) => right(actor.tasks.create({ title: 'task', ...body }));
    const list = async (query: TaskQuery, actor = alice) => right(actor.tasks.list(query));
    const ids = async (query: TaskQuery, actor = alice) => (await list(query, actor)).items.map((t) => t.id);

    describe('tasks and numbering', () => {
      it('stores every field exactly and reads it back', async () => {
        const client = await world.harness.seedClient(alice.userId);
        const project = await world.harness.seedProject(alice.userId, { clientId: client });
        const category = await world.harness.seedCategory(alice.userId);
        const created = await create({
          title: 'Ünïcode ✓ title',
          description: 'long text',
          date: '2026-04-01T09:30:00',
          priority: 3,
          status: 1,
          active: false,
          projectId: project,
          categoryId: category,
          assigneeId: bob.userId,
          timePlanned: 450_309,
          pricePlanned: 999_999_999_999.99,
        });
        const read = await right(alice.tasks.get(created.id));
        expect(read).to.deep.include({
          title: 'Ünïcode ✓ title',
          description: 'long text',
          date: '2026-04-01T09:30:00',
          priority: 3,
          status: 1,
          active: false,
          projectId: project,
          clientId: client,
          categoryId: category,
          assigneeId: bob.userId,
          timePlanned: 450_309,
          pricePlanned: 999_999_999_999.99,
        });
        expect(read.createdAt.getTime()).to.equal(world.clock.now().getTime());
      });

      it('never reuses a client task number, even after deletes', async () => {
        const first = await create({});
        await right(alice.tasks.delete(first.id));
        expect((await create({})).clientTaskId).to.equal(2);
      });

      it('increments the version on every stored write', async () => {
        const task = await create({});
        await right(alice.tasks.update(task.id, { title: 'v2' }));
        const answered = await right(alice.tasks.update(task.id, { title: 'v3', status: 2 }));
        expect(answered.task.version).to.equal(3);
        expect((await right(alice.tasks.get(task.id))).version).to.equal(3);
      });

      it('gives 50 parallel creates for one client the numbers 1..50, without errors', async () => {
        const client = await world.harness.seedClient(alice.userId);
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, i) => alice.tasks.create({ title: `t${i}`, clientId: client })),
        );
        expect(outcomes.filter(E.isLeft)).to.deep.equal([]);
        const numbers = outcomes.map((o) => (E.isRight(o) ? o.right.clientTaskId : 0)).sort((a, b) => a - b);
        expect(numbers).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      });
    });

    describe('status history and gamification', () => {
      it('keeps history in order and deletes it with the task', async () => {
        const task = await create({});
        await right(alice.tasks.changeStatus(task.id, 1));
        await right(alice.tasks.changeStatus(task.id, 2));
        const page = await right(alice.tasks.history(task.id, { limit: 2, offset: 1 }));
        expect(page.total).to.equal(3);
        expect(page.items.map((h) => [h.from, h.to])).to.deep.equal([
          [0, 1],
          [1, 2],
        ]);
        await right(alice.tasks.delete(task.id));
        expect(await left(alice.tasks.history(task.id, {}))).to.deep.include({
          _tag: 'NotFound',
        });
      });

      it('stores points, completions, take-backs and achievements', async () => {
        const task = await create({ priority: 1 });
        const done = await right(alice.tasks.changeStatus(task.id, 2));
        expect(done.gamification).to.deep.include({ pointsAwarded: 32, totalPoints: 32, completedToday: 1 });
        expect(done.gamification.achievementsUnlocked.map((a) => a.code)).to.deep.equal(['first_task']);
        const reopened = await right(alice.tasks.changeStatus(task.id, 0));
        expect(reopened.gamification).to.deep.include({
          pointsAwarded: -32,
          totalPoints: 0,
          completedToday: 0,
        });
        const again = await right(alice.tasks.changeStatus(task.id, 2));
        expect(again.gamification).to.deep.include({ pointsAwarded: 32, totalPoints: 32 });
        expect(again.gamification.achievementsUnlocked).to.deep.equal([]);
      });

      it('awards a completion once when the same task is completed by 10 parallel requests', async () => {
        const task = await create({ priority: 2 });
        const outcomes = await Promise.all(
          Array.from({ length: 10 }, () => alice.tasks.changeStatus(task.id, 2)),
        );
        expect(outcomes.filter(E.isLeft)).to.deep.equal([]);
        const history = await right(alice.tasks.history(task.id, {}));
        expect(history.items.map((h) => [h.from, h.to])).to.deep.equal([
          [null, 0],
          [0, 2],
        ]);
        const awarded = outcomes.map((o) => (E.isRight(o) ? o.right.gamification.pointsAwarded : 0));
        expect(awarded.filter((p) => p > 0)).to.deep.equal([22]);
      });
    });

    describe('read model: visibility, filters, sorting, paging', () => {
      it('shows owned and assigned tasks, never anyone else’s', async () => {
        const own = await create({});
        const assigned = await create({ assigneeId: alice.userId }, bob);
        await create({}, bob);
        expect(await ids({})).to.deep.equal([own.id, assigned.id]);
        expect(await ids({ assigneeId: alice.userId })).to.deep.equal([assigned.id]);
      });

      it('filters by status, priority, category, client task number and project', async () => {
        const category = await world.harness.seedCategory(alice.userId);
        const project = await world.harness.seedProject(alice.userId);
        const a = await create({ status: 1, priority: 2, categoryId: category });
        const b = await create({ status: 3, priority: 0, projectId: project });
        expect(await ids({ status: 1 })).to.deep.equal([a.id]);
        expect(await ids({ priority: 0 })).to.deep.equal([b.id]);
        expect(await ids({ categoryId: category })).to.deep.equal([a.id]);
        expect(await ids({ clientTaskId: b.clientTaskId })).to.deep.equal([b.id]);
        expect(await ids({ projectId: project, status: 3 })).to.deep.equal([b.id]);
        expect(await ids({ projectId: project, status: 1 })).to.deep.equal([]);
      });

      it('cascades active to the project and the client', async () => {
        const client = await world.harness.seedClient(alice.userId);
        const project = await world.harness.seedProject(alice.userId);
        const plain = await create({});
        const archived = await create({ active: false });
        const viaClient = await create({ clientId: client });
        const viaProject = await create({ projectId: project });
        await world.harness.setActive('clients', alice.userId, client, false);
        await world.harness.setActive('projects', alice.userId, project, false);
        expect(await ids({ active: true })).to.deep.equal([plain.id]);
        expect(await ids({ active: false })).to.deep.equal([archived.id, viaClient.id, viaProject.id]);
        expect(await ids({})).to.have.length(4);
      });

      it('matches days inclusively and never matches tasks without a date', async () => {
        const early = await create({ date: '2026-03-01 00:00:00' });
        const late = await create({ date: '2026-03-01 23:59:59' });
        const next = await create({ date: '2026-03-02 08:00:00' });
        await create({});
        expect(await ids({ date: '2026-03-01' })).to.deep.equal([early.id, late.id]);
        expect(await ids({ dateFrom: '2026-03-02' })).to.deep.equal([next.id]);
        expect(await ids({ dateTo: '2026-03-01' })).to.deep.equal([early.id, late.id]);
        expect(await ids({ dateFrom: '2026-03-01', dateTo: '2026-03-02' })).to.have.length(3);
      });

      it('searches title and description case-insensitively with %, _ and \\ taken literally', async () => {
        const percent = await create({ title: 'Raise prices 10% now' });
        const underscore = await create({ title: 'snake_case name' });
        const backslash = await create({ title: 'path C:\\temp' });
        const described = await create({ title: 'plain', description: 'Mentions the QUARTERLY report' });
        await create({ title: 'Raise prices 10 now' });
        expect(await ids({ search: '10%' })).to.deep.equal([percent.id]);
        expect(await ids({ search: 'e_c' })).to.deep.equal([underscore.id]);
        expect(await ids({ search: ':\\t' })).to.deep.equal([backslash.id]);
        expect(await ids({ search: 'quarterly' })).to.deep.equal([described.id]);
        expect(await ids({ search: '%' })).to.deep.equal([percent.id]);
      });

      it('filters by updated_since (UTC)', async () => {
        await create({});
        world.clock.advance(60_000);
        const fresh = await create({});
        expect(await ids({ updatedSince: '2026-03-10T12:00:30Z' })).to.deep.equal([fresh.id]);
      });

      it('sorts with nulls last and ties broken by id ascending', async () => {
        const a = await create({ date: '2026-03-02', priority: 1 });
        const b = await create({ priority: 1 });
        const c = await create({ date: '2026-03-01', priority: 3 });
        const d = await create({ date: '2026-03-02', priority: 0 });
        expect(await ids({ sort: { by: 'date' } })).to.deep.equal([c.id, a.id, d.id, b.id]);
        expect(await ids({ sort: { by: 'date', direction: 'desc' } })).to.deep.equal([
          a.id,
          d.id,
          c.id,
          b.id,
        ]);
        expect(await ids({ sort: { by: 'priority', direction: 'desc' } })).to.deep.equal([
          c.id,
          a.id,
          b.id,
          d.id,
        ]);
        expect(await ids({ sort: { by: 'id', direction: 'desc' } })).to.deep.equal([d.id, c.id, b.id, a.id]);
      });

      it('pages without overlap and reports the total', async () => {
        const created = [];
        for (let i = 0; i < 5; i += 1) created.push((await create({ priority: i % 2 })).id);
        const first = await list({ sort: { by: 'priority' }, limit: 2 });
        const second = await list({ sort: { by: 'priority' }, limit: 2, offset: 2 });
        const third = await list({ sort: { by: 'priority' }, limit: 2, offset: 4 });
        const seen = [...first.items, ...second.items, ...third.items].map((t) => t.id);
        expect(new Set(seen).size).to.equal(5);
        expect(first.total).to.equal(5);
        expect((await list({ offset: 10 })).items).to.deep.equal([]);
      });
    });

    describe('API keys', () => {
      it('finds a key by digest, and refreshes last_used_at at most once a minute', async () => {
        const key = await world.key('alice', 'tasks:*');
        const store = world.persistence.apiKeyStore;
        const digest = new CryptoApiKeySecrets().digest(key);
        const found = await store.findByDigest(digest);
        expect(found).to.deep.include({ userId: alice.userId, scopes: ['tasks:*'], lastUsedAt: null });
        const id = found?.id ?? 0;
        await store.touchLastUsed(id, new Date('2026-03-10T12:00:00Z'));
        await store.touchLastUsed(id, new Date('2026-03-10T12:00:30Z'));
        expect((await store.findByDigest(digest))?.lastUsedAt?.toISOString()).to.equal(
          '2026-03-10T12:00:00.000Z',
        );
        await store.touchLastUsed(id, new Date('2026-03-10T12:01:00Z'));
        expect((await store.findByDigest(digest))?.lastUsedAt?.toISOString()).to.equal(
          '2026-03-10T12:01:00.000Z',
        );
        expect(await store.findByDigest('0'.repeat(64))).to.equal(null);
      });
    });
  });
};
