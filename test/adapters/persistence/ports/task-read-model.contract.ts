import { expect } from 'chai';
import type { TaskListQuery } from '../../../../application/ports/task-read-model.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import { TASK_PRIORITIES } from '../../../../domain/task/task-priority.js';
import { localDate, localDateTime, taskTitle } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { portSuite } from './port-fixture.js';

const BY_ID = { by: 'id', direction: 'asc' } as const;
const day = (text: string) => localDate(text);
const at = (text: string) => localDateTime(text);
const title = (text: string) => taskTitle(text);

export const taskReadModelContract = (factory: HarnessFactory): void =>
  portSuite('TaskReadModel', factory, (fixture) => {
    const list = (userId: UserId, query: Partial<TaskListQuery> = {}) =>
      fixture().persistence.taskReadModel.list(userId, { limit: 50, offset: 0, sort: BY_ID, ...query });
    const ids = async (userId: UserId, query: Partial<TaskListQuery> = {}) =>
      (await list(userId, query)).items.map((task) => task.id);

    it('shows owned and assigned tasks, never anyone else’s, in lists and by id', async () => {
      const { persistence, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const own = await addTask(alice);
      const assigned = await addTask(bob, { assigneeId: alice });
      const hidden = await addTask(bob);
      expect(await ids(alice)).to.deep.equal([own.id, assigned.id]);
      expect(await ids(alice, { assigneeId: alice })).to.deep.equal([assigned.id]);
      expect(await persistence.taskReadModel.findVisible(alice, assigned.id)).to.deep.equal(assigned);
      expect(await persistence.taskReadModel.findVisible(alice, hidden.id)).to.equal(null);
    });

    it('filters by status, priority, category, client task number, client and project', async () => {
      const { harness, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const category = await harness.seedCategory(alice);
      const client = await harness.seedClient(alice);
      const project = await harness.seedProject(alice);
      const a = await addTask(alice, { status: 1, priority: 2, categoryId: category, clientId: client });
      const b = await addTask(alice, { status: 3, priority: 0, projectId: project });
      expect(await ids(alice, { status: 1 })).to.deep.equal([a.id]);
      expect(await ids(alice, { priority: 0 })).to.deep.equal([b.id]);
      expect(await ids(alice, { categoryId: category })).to.deep.equal([a.id]);
      expect(await ids(alice, { clientId: client })).to.deep.equal([a.id]);
      expect(await ids(alice, { clientTaskId: 1, clientId: client })).to.deep.equal([a.id]);
      expect(await ids(alice, { projectId: project, status: 3 })).to.deep.equal([b.id]);
      expect(await ids(alice, { projectId: project, status: 1 })).to.deep.equal([]);
    });

    it('cascades active to the project and the client', async () => {
      const { harness, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const client = await harness.seedClient(alice);
      const project = await harness.seedProject(alice);
      const plain = await addTask(alice);
      const archived = await addTask(alice, { active: false });
      const viaClient = await addTask(alice, { clientId: client });
      const viaProject = await addTask(alice, { projectId: project });
      await harness.setActive('clients', alice, client, false);
      await harness.setActive('projects', alice, project, false);
      expect(await ids(alice, { active: true })).to.deep.equal([plain.id]);
      expect(await ids(alice, { active: false })).to.deep.equal([archived.id, viaClient.id, viaProject.id]);
      expect(await ids(alice)).to.have.length(4);
    });

    it('answers a calendar: the active dated tasks the user sees, in date order, narrowed to a project or client', async () => {
      const { harness, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const client = await harness.seedClient(alice);
      const project = await harness.seedProject(alice);
      const idle = await harness.seedProject(alice);
      const late = await addTask(alice, { date: at('2026-03-09T10:30:00'), description: 'notes', status: 2 });
      const early = await addTask(alice, { date: at('2026-03-01T00:00:00'), clientId: client });
      const assigned = await addTask(bob, { assigneeId: alice, date: at('2026-03-05T08:00:00') });
      const sameDay = await addTask(alice, { date: at('2026-03-05T08:00:00'), projectId: project });
      await addTask(alice);
      await addTask(alice, { date: at('2026-03-02T00:00:00'), active: false });
      await addTask(alice, { date: at('2026-03-03T00:00:00'), projectId: idle });
      await addTask(bob, { date: at('2026-03-04T00:00:00') });
      await harness.setActive('projects', alice, idle, false);
      const calendar = (userId: UserId, filters: { projectId?: number; clientId?: number }) =>
        fixture().persistence.taskReadModel.calendar(userId, filters);
      const everything = await calendar(alice, {});
      expect(everything.map((task) => task.id)).to.deep.equal([early.id, assigned.id, sameDay.id, late.id]);
      expect(everything[3]).to.deep.equal({
        id: late.id,
        title: late.title,
        description: 'notes',
        date: at('2026-03-09T10:30:00'),
        status: 2,
        timePlanned: late.timePlanned,
        updatedAt: late.updatedAt,
      });
      expect((await calendar(alice, { projectId: project })).map((task) => task.id)).to.deep.equal([
        sameDay.id,
      ]);
      expect((await calendar(alice, { clientId: client })).map((task) => task.id)).to.deep.equal([early.id]);
      expect(await calendar(alice, { projectId: idle })).to.deep.equal([]);
    });

    it('matches days inclusively and never matches tasks without a date', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const early = await addTask(alice, { date: at('2026-03-01T00:00:00') });
      const late = await addTask(alice, { date: at('2026-03-01T23:59:59') });
      const next = await addTask(alice, { date: at('2026-03-02T08:00:00') });
      await addTask(alice);
      expect(await ids(alice, { date: day('2026-03-01') })).to.deep.equal([early.id, late.id]);
      expect(await ids(alice, { dateFrom: day('2026-03-02') })).to.deep.equal([next.id]);
      expect(await ids(alice, { dateTo: day('2026-03-01') })).to.deep.equal([early.id, late.id]);
      expect(await ids(alice, { dateFrom: day('2026-03-01'), dateTo: day('2026-03-02') })).to.have.length(3);
    });

    it('searches title and description case-insensitively with %, _ and \\ taken literally', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const percent = await addTask(alice, { title: title('Raise prices 10% now') });
      const underscore = await addTask(alice, { title: title('snake_case name') });
      const backslash = await addTask(alice, { title: title('path C:\\temp') });
      const described = await addTask(alice, { description: 'Mentions the QUARTERLY report' });
      const unicode = await addTask(alice, { title: title('ÜBERSICHT Ärger') });
      await addTask(alice, { title: title('Raise prices 10 now') });
      expect(await ids(alice, { search: '10%' })).to.deep.equal([percent.id]);
      expect(await ids(alice, { search: 'e_c' })).to.deep.equal([underscore.id]);
      expect(await ids(alice, { search: ':\\t' })).to.deep.equal([backslash.id]);
      expect(await ids(alice, { search: 'quarterly' })).to.deep.equal([described.id]);
      expect(await ids(alice, { search: 'übersicht' })).to.deep.equal([unicode.id]);
      expect(await ids(alice, { search: "'; drop table tasks; --" })).to.deep.equal([]);
    });

    it('searches any script, short terms and quotes, and follows edits and deletes of the text', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const cyrillic = await addTask(alice, { title: title('Привет, Мир') });
      const greek = await addTask(alice, { description: 'ΚΑΛΗΜΈΡΑ κόσμε' });
      const quoted = await addTask(alice, { title: title('say "hi" twice') });
      const short = await addTask(alice, { title: title('Ab') });
      expect(await ids(alice, { search: 'МИР' })).to.deep.equal([cyrillic.id]);
      expect(await ids(alice, { search: 'καλημέρα' })).to.deep.equal([greek.id]);
      expect(await ids(alice, { search: '"hi"' })).to.deep.equal([quoted.id]);
      expect(await ids(alice, { search: 'y "' })).to.deep.equal([quoted.id]);
      expect(await ids(alice, { search: 'ab' })).to.deep.equal([short.id]);
      expect(await ids(alice, { search: 'и' })).to.deep.equal([cyrillic.id]);

      const edited = {
        ...cyrillic,
        title: title('Hello, world'),
        updatedAt: new Date('2026-03-02T00:00:00Z'),
      };
      await write((r) => r.tasks.update(edited));
      expect(await ids(alice, { search: 'мир' })).to.deep.equal([]);
      expect(await ids(alice, { search: 'WORLD' })).to.deep.equal([cyrillic.id]);
      await write((r) => r.tasks.update({ ...edited, status: 1 }));
      expect(await ids(alice, { search: 'world' })).to.deep.equal([cyrillic.id]);
      await write((r) => r.tasks.delete(greek.id));
      expect(await ids(alice, { search: 'κόσμε' })).to.deep.equal([]);
    });

    it('searches the tasks assigned to the caller as well as their own, and nobody else’s', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const own = await addTask(alice, { title: title('Delta report') });
      const assigned = await addTask(bob, { description: 'the delta, shared', assigneeId: alice });
      await addTask(bob, { title: title('delta of bob') });
      expect(await ids(alice, { search: 'DELTA' })).to.deep.equal([own.id, assigned.id]);
      expect((await list(alice, { search: 'delta' })).total).to.equal(2);
      expect(await ids(bob, { search: 'delta' })).to.have.length(2);
    });

    it('answers a task read again after each edit with that edit, in lists and by id', async () => {
      const { write, addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      const task = await addTask(alice, { title: title('First') });
      const read = async () => ({
        listed: (await list(alice)).items.find((item) => item.id === task.id),
        byId: await persistence.taskReadModel.findVisible(alice, task.id),
      });
      expect((await read()).listed?.title).to.equal('First');
      let current = task;
      for (const [n, status] of [1, 2, 0].entries()) {
        current = await write((r) =>
          r.tasks.update({ ...current, title: title(`Edit ${n}`), status: status as 0 | 1 | 2 }),
        );
        const { listed, byId } = await read();
        expect([listed?.title, listed?.status, byId?.title, byId?.status]).to.deep.equal([
          `Edit ${n}`,
          status,
          `Edit ${n}`,
          status,
        ]);
      }
    });

    it('finds a term only where it stands whole in one field, not where its pieces are scattered', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const whole = await addTask(alice, { title: title('Delta plan') });
      await addTask(alice, { title: title('delt and elta') }); // every run of three of "delta", apart
      await addTask(alice, { title: title('the del'), description: 'ta team' }); // split over two fields
      await addTask(alice, { title: title('Delt'), description: 'A delt' });
      expect(await ids(alice, { search: 'delta' })).to.deep.equal([whole.id]);
      expect((await list(alice, { search: 'delta' })).total).to.equal(1);
      expect(await ids(alice, { search: 'del ta' })).to.deep.equal([]);
    });

    it('follows a task to its new assignee and away from the old one', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const carol = await addUser('carol');
      const task = await addTask(alice, { title: title('Budget review'), assigneeId: bob });
      expect(await ids(bob, { search: 'budget' })).to.deep.equal([task.id]);
      await write((r) =>
        r.tasks.update({ ...task, assigneeId: carol, updatedAt: new Date('2026-03-02T00:00:00Z') }),
      );
      expect(await ids(bob, { search: 'budget' })).to.deep.equal([]);
      expect((await list(bob, { search: 'budget' })).total).to.equal(0);
      expect(await ids(carol, { search: 'budget' })).to.deep.equal([task.id]);
      expect(await ids(alice, { search: 'budget' })).to.deep.equal([task.id]);
      await write((r) =>
        r.tasks.update({ ...task, assigneeId: alice, updatedAt: new Date('2026-03-03T00:00:00Z') }),
      );
      expect((await list(alice, { search: 'budget' })).total).to.equal(1);
      expect(await ids(carol, { search: 'budget' })).to.deep.equal([]);
    });

    it('finds an ASCII term in text whose lower case only reaches it from outside ASCII (İ, the Kelvin sign)', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const dotted = await addTask(alice, { title: title('\u0130STANBUL') });
      const kelvin = await addTask(alice, { description: 'cool to 300 \u212a' });
      await addTask(alice, { title: title('Ankara') });
      expect(await ids(alice, { search: 'i' })).to.deep.equal([dotted.id]);
      expect(await ids(alice, { search: '300 K' })).to.deep.equal([kelvin.id]);
    });

    it('pages a search through owned and assigned matches in the list order, with other filters', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const matches = [];
      for (let n = 0; n < 6; n++) {
        matches.push(
          n % 2 === 0
            ? await addTask(alice, { title: title(`echo ${n}`), priority: TASK_PRIORITIES[n % 3] })
            : await addTask(bob, {
                title: title(`ECHO ${n}`),
                assigneeId: alice,
                priority: TASK_PRIORITIES[n % 3],
              }),
        );
        await addTask(alice, { title: title(`silent ${n}`) });
      }
      const newestFirst = { by: 'id', direction: 'desc' } as const;
      const page = await list(alice, { search: 'echo', sort: newestFirst, limit: 2, offset: 1 });
      expect(page.items.map((task) => task.id)).to.deep.equal([matches[4]?.id, matches[3]?.id]);
      expect(page.total).to.equal(6);
      expect(await ids(alice, { search: 'echo', priority: 1 })).to.deep.equal([
        matches[1]?.id,
        matches[4]?.id,
      ]);
    });

    it('filters by the instant of the last change', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      await addTask(alice, { updatedAt: new Date('2026-03-10T12:00:00Z') });
      const fresh = await addTask(alice, { updatedAt: new Date('2026-03-10T12:01:00Z') });
      expect(await ids(alice, { updatedSince: new Date('2026-03-10T12:00:30Z') })).to.deep.equal([fresh.id]);
      expect(await ids(alice, { updatedSince: new Date('2026-03-10T12:01:00Z') })).to.deep.equal([fresh.id]);
    });

    it('sorts with nulls last in either direction and ties broken by id ascending', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const a = await addTask(alice, { date: at('2026-03-02T00:00:00'), priority: 1 });
      const b = await addTask(alice, { priority: 1 });
      const c = await addTask(alice, { date: at('2026-03-01T00:00:00'), priority: 3 });
      const d = await addTask(alice, { date: at('2026-03-02T00:00:00'), priority: 0 });
      expect(await ids(alice, { sort: { by: 'date', direction: 'asc' } })).to.deep.equal([
        c.id,
        a.id,
        d.id,
        b.id,
      ]);
      expect(await ids(alice, { sort: { by: 'date', direction: 'desc' } })).to.deep.equal([
        a.id,
        d.id,
        c.id,
        b.id,
      ]);
      expect(await ids(alice, { sort: { by: 'priority', direction: 'desc' } })).to.deep.equal([
        c.id,
        a.id,
        b.id,
        d.id,
      ]);
      expect(await ids(alice, { sort: { by: 'id', direction: 'desc' } })).to.deep.equal([
        d.id,
        c.id,
        b.id,
        a.id,
      ]);
    });

    it('sorts by importance: critical, this week, optional, none (the reverse descending), ties by id, page by page', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const made: { id: number }[] = [];
      for (const priority of [0, 3, 1, 2, 0, 1, 3, 2] as const) made.push(await addTask(alice, { priority }));
      const byImportance = [2, 5, 3, 7, 1, 6, 0, 4].map((index) => made[index]?.id);
      expect(await ids(alice, { sort: { by: 'importance', direction: 'asc' } })).to.deep.equal(byImportance);
      expect(await ids(alice, { sort: { by: 'importance', direction: 'desc' } })).to.deep.equal(
        [0, 4, 1, 6, 3, 7, 2, 5].map((index) => made[index]?.id),
      );
      // Walked by keyset, three at a time, the pages join up into the same order.
      const walked: number[] = [];
      let page = await list(alice, { sort: { by: 'importance', direction: 'asc' }, limit: 3 });
      walked.push(...page.items.map((task) => task.id));
      while (page.next !== null) {
        page = await list(alice, {
          sort: { by: 'importance', direction: 'asc' },
          limit: 3,
          after: page.next,
        });
        walked.push(...page.items.map((task) => task.id));
      }
      expect(walked).to.deep.equal(byImportance);
    });

    it('pages without overlap and reports the total of all matches', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      for (let i = 0; i < 5; i += 1) await addTask(alice, { priority: i % 2 === 0 ? 0 : 1 });
      const sort = { by: 'priority', direction: 'asc' } as const;
      const pages = await Promise.all([0, 2, 4].map((offset) => list(alice, { sort, limit: 2, offset })));
      const seen = pages.flatMap((page) => page.items.map((task) => task.id));
      expect(new Set(seen).size).to.equal(5);
      expect(pages.map((page) => page.total)).to.deep.equal([5, 5, 5]);
      expect((await list(alice, { offset: 10 })).items).to.deep.equal([]);
    });

    it('answers a page asked without a count as the counted one, its total a lower bound', async () => {
      const { addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      for (let i = 0; i < 4; i += 1) await addTask(alice, { date: at(`2026-03-0${i + 1}T00:00:00`) });
      await addTask(bob, { assigneeId: alice, date: at('2026-03-02T12:00:00') });
      const sort = { by: 'date', direction: 'asc' } as const;
      for (const query of [
        { sort, limit: 2 },
        { sort, limit: 10, active: true },
        { limit: 3, offset: 1 },
      ]) {
        const counted = await list(alice, query);
        const uncounted = await list(alice, { ...query, count: false });
        expect(uncounted.items).to.deep.equal(counted.items);
        expect(uncounted.next).to.deep.equal(counted.next);
        expect(uncounted.total).to.be.within(counted.items.length, counted.total);
      }
    });

    it('merges owned and assigned tasks into one order, page by page, counting each task once', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      // Ids interleave the two sets; one task alice owns is also assigned to her.
      const a1 = await addTask(alice, { date: at('2026-03-05T00:00:00') });
      const b1 = await addTask(bob, { assigneeId: alice, date: at('2026-03-01T00:00:00') });
      const a2 = await addTask(alice, { assigneeId: alice, status: 1 });
      const b2 = await addTask(bob, { assigneeId: alice, status: 1, date: at('2026-03-09T00:00:00') });
      const a3 = await addTask(alice, { date: at('2026-03-03T00:00:00'), status: 1 });
      await addTask(bob);
      const pagesOf = async (query: Partial<TaskListQuery>) => {
        const pages = [];
        for (let offset = 0; offset < 6; offset += 2)
          pages.push(await list(alice, { ...query, limit: 2, offset }));
        return pages;
      };
      const byId = await pagesOf({});
      expect(byId.map((page) => page.items.map((task) => task.id))).to.deep.equal([
        [a1.id, b1.id],
        [a2.id, b2.id],
        [a3.id],
      ]);
      expect(byId.map((page) => page.total)).to.deep.equal([5, 5, 5]);
      const byDate = await pagesOf({ sort: { by: 'date', direction: 'desc' } });
      expect(byDate.flatMap((page) => page.items.map((task) => task.id))).to.deep.equal([
        b2.id,
        a1.id,
        a3.id,
        b1.id,
        a2.id,
      ]);
      const started = await pagesOf({ status: 1 });
      expect(started.flatMap((page) => page.items.map((task) => task.id))).to.deep.equal([
        a2.id,
        b2.id,
        a3.id,
      ]);
      expect(started[0]?.total).to.equal(3);

      await write((r) => r.tasks.delete(a1.id));
      await write((r) => r.tasks.delete(b1.id));
      expect((await list(alice)).total).to.equal(3);
      expect((await list(bob)).total).to.equal(2);
    });
  });
