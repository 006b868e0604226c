import { expect } from 'chai';
import type { CreateRecord } from '../../../application/records/create-record.use-case.js';
import type { RecordUseCases } from '../../../application/records/record-use-cases.js';
import type { Actor } from '../../../application/shared/actor.js';
import { CreateTask } from '../../../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../../../application/tasks/delete-task.use-case.js';
import {
  CARD_USE_CASES,
  CATEGORY_USE_CASES,
  CLIENT_USE_CASES,
  CREATE_MONEY_RECORD,
  CREATE_PREPARED_NOTE,
  CREATE_TIME_RECORD,
  NOTE_USE_CASES,
  PROJECT_USE_CASES,
} from '../../../bootstrap/record-use-cases.js';
import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../../../domain/workspace/records.js';
import type { HarnessFactory } from '../../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../../support/world.js';

/** Clients, projects, notes, categories, cards, time and money records on every adapter. */
export const recordsContract = (factory: HarnessFactory): void => {
  describe(`records contract: ${factory.name}`, function () {
    this.timeout(60_000);
    let world: World;
    let alice: Actor;
    let bob: Actor;

    beforeEach(async () => {
      world = await openWorld(await factory.open());
      alice = await world.user('alice');
      bob = await world.user('bob');
    });

    afterEach(() => world.close());

    const clients = () => world.container.resolve<RecordUseCases<ClientFields>>(CLIENT_USE_CASES);
    const projects = () => world.container.resolve<RecordUseCases<ProjectFields>>(PROJECT_USE_CASES);
    const notes = () => world.container.resolve<RecordUseCases<NoteFields>>(NOTE_USE_CASES);
    const categories = () => world.container.resolve<RecordUseCases<NamedFields>>(CATEGORY_USE_CASES);
    const cards = () => world.container.resolve<RecordUseCases<NamedFields>>(CARD_USE_CASES);
    const times = () => world.container.resolve<CreateRecord<TimeFields>>(CREATE_TIME_RECORD);
    const moneys = () => world.container.resolve<CreateRecord<MoneyFields>>(CREATE_MONEY_RECORD);
    const preparedNotes = () => world.container.resolve<CreateRecord<NoteFields>>(CREATE_PREPARED_NOTE);
    const task = (body: object = {}, actor = alice) =>
      right(world.container.resolve(CreateTask).execute(actor, { title: 't', ...body }));
    const ids = (page: { items: readonly { id: number }[] }) => page.items.map((r) => r.id);

    it('stores a client exactly, and patches only what is sent', async () => {
      const created = await right(
        clients().create.execute(alice, {
          name: ' Acme ',
          email: 'ops@acme.example',
          phone: '+1 555 0100',
          description: 'd',
        }),
      );
      expect(created).to.deep.include({
        name: 'Acme',
        email: 'ops@acme.example',
        phone: '+1 555 0100',
        active: true,
      });
      world.clock.advance(1000);
      const patched = await right(clients().update.execute(alice, created.id, { phone: null, active: 0 }));
      expect(patched).to.deep.include({ name: 'Acme', phone: null, active: false });
      const read = await right(clients().get.execute(alice, created.id));
      expect(read).to.deep.equal(patched);
      expect(read.updatedAt.getTime()).to.equal(created.updatedAt.getTime() + 1000);
    });

    it('lists active clients by default, archived ones with active=0, paged', async () => {
      const a = await right(clients().create.execute(alice, { name: 'a' }));
      const b = await right(clients().create.execute(alice, { name: 'b', active: 0 }));
      const c = await right(clients().create.execute(alice, { name: 'c' }));
      await right(clients().create.execute(bob, { name: 'not yours' }));
      expect(ids(await right(clients().list.execute(alice, {})))).to.deep.equal([a.id, c.id]);
      expect(ids(await right(clients().list.execute(alice, { active: '0' })))).to.deep.equal([b.id]);
      const page = await right(clients().list.execute(alice, { limit: '1', offset: '1' }));
      expect(ids(page)).to.deep.equal([c.id]);
      expect(page.total).to.equal(2);
    });

    it('orders clients by their latest record of a type, newest first, the rest by id', async () => {
      const a = await right(clients().create.execute(alice, { name: 'a' }));
      const b = await right(clients().create.execute(alice, { name: 'b' }));
      const c = await right(clients().create.execute(alice, { name: 'c' }));
      const d = await right(clients().create.execute(alice, { name: 'd' }));
      await task({ client_id: c.id });
      world.clock.advance(1000);
      await task({ client_id: a.id });
      world.clock.advance(1000);
      await right(preparedNotes().execute(alice, { description: 'n', client_id: d.id }));
      await right(times().execute(alice, { time_really: '1:00:00', client_id: b.id }));
      expect(ids(await right(clients().list.execute(alice, { type: 'task' })))).to.deep.equal([
        a.id,
        c.id,
        b.id,
        d.id,
      ]);
      expect(ids(await right(clients().list.execute(alice, { record_type: 'note' })))).to.deep.equal([
        d.id,
        a.id,
        b.id,
        c.id,
      ]);
      expect(
        ids(await right(clients().list.execute(alice, { type: 'time', record_type: 'time' }))),
      ).to.deep.equal([b.id, a.id, c.id, d.id]);
      const clash = await left(clients().list.execute(alice, { type: 'time', record_type: 'money' }));
      expect(clash).to.deep.include({ _tag: 'ValidationFailed' });
    });

    it('filters projects by client and cascades active to the client', async () => {
      const archivedClient = await right(clients().create.execute(alice, { name: 'old', active: 0 }));
      const liveClient = await right(clients().create.execute(alice, { name: 'live' }));
      const p1 = await right(projects().create.execute(alice, { name: 'p1', client_id: liveClient.id }));
      const p2 = await right(projects().create.execute(alice, { name: 'p2', client_id: archivedClient.id }));
      const p3 = await right(projects().create.execute(alice, { name: 'p3', active: 0 }));
      const p4 = await right(projects().create.execute(alice, { name: 'p4' }));
      expect(ids(await right(projects().list.execute(alice, {})))).to.deep.equal([
        p1.id,
        p2.id,
        p3.id,
        p4.id,
      ]);
      expect(ids(await right(projects().list.execute(alice, { active: '1' })))).to.deep.equal([p1.id, p4.id]);
      expect(ids(await right(projects().list.execute(alice, { active: '0' })))).to.deep.equal([p2.id, p3.id]);
      expect(
        ids(await right(projects().list.execute(alice, { client_id: String(liveClient.id) }))),
      ).to.deep.equal([p1.id]);
    });

    it("refuses a project for another owner's client, exactly like a missing one", async () => {
      const bobs = await right(clients().create.execute(bob, { name: 'bob co' }));
      const theirs = await left(projects().create.execute(alice, { name: 'p', client_id: bobs.id }));
      const missing = await left(projects().create.execute(alice, { name: 'p', client_id: 99999 }));
      expect(theirs).to.deep.equal(missing);
      expect(theirs).to.deep.include({ _tag: 'InvalidReference' });
    });

    it('searches notes by name or description with %, _ and \\ literal, and filters by active', async () => {
      const percent = await right(notes().create.execute(alice, { name: '100% done' }));
      const described = await right(
        notes().create.execute(alice, { name: 'x', description: 'Snake_Case here' }),
      );
      const archived = await right(notes().create.execute(alice, { name: 'old', active: 0 }));
      await right(notes().create.execute(alice, { name: '1000 done' }));
      expect(ids(await right(notes().list.execute(alice, { search: '0%' })))).to.deep.equal([percent.id]);
      expect(ids(await right(notes().list.execute(alice, { search: 'e_c' })))).to.deep.equal([described.id]);
      expect(ids(await right(notes().list.execute(alice, { active: '0' })))).to.deep.equal([archived.id]);
      expect((await right(notes().list.execute(alice, {}))).total).to.equal(4);
    });

    it('refuses to delete a client, project, category or card that something references, and changes nothing', async () => {
      const client = await right(clients().create.execute(alice, { name: 'c' }));
      const project = await right(projects().create.execute(alice, { name: 'p', client_id: client.id }));
      const category = await right(categories().create.execute(alice, { name: 'cat' }));
      const card = await right(cards().create.execute(alice, { name: 'wallet' }));
      await right(moneys().execute(alice, { type: 2, price: 9.5, card: card.id, category_id: category.id }));
      expect(await left(clients().delete.execute(alice, client.id))).to.deep.include({
        code: 'CLIENT_IN_USE',
      });
      await task({ project_id: project.id });
      expect(await left(projects().delete.execute(alice, project.id))).to.deep.include({
        code: 'PROJECT_IN_USE',
      });
      expect(await left(categories().delete.execute(alice, category.id))).to.deep.include({
        code: 'CATEGORY_IN_USE',
      });
      expect(await left(cards().delete.execute(alice, card.id))).to.deep.include({ code: 'CARD_IN_USE' });
      expect(await right(clients().get.execute(alice, client.id))).to.deep.equal(client);
      const unused = await right(cards().create.execute(alice, { name: 'spare' }));
      expect(await right(cards().delete.execute(alice, unused.id))).to.deep.equal({ id: unused.id });
      expect(await left(cards().get.execute(alice, unused.id))).to.deep.include({ _tag: 'NotFound' });
    });

    it('creates time and money records and prepared notes with their rules', async () => {
      const time = await right(
        times().execute(alice, { time_really: '2:05:00', description: 'work', date: '2026-03-01' }),
      );
      expect(time).to.deep.include({ timeReally: 7500, date: '2026-03-01 00:00:00' });
      const from = await right(cards().create.execute(alice, { name: 'from' }));
      const to = await right(cards().create.execute(alice, { name: 'to' }));
      const transfer = await right(
        moneys().execute(alice, { type: 3, price: 0.01, card: from.id, to_card: to.id }),
      );
      expect(transfer).to.deep.include({ type: 3, price: 1, card: from.id, toCard: to.id });
      const note = await right(
        preparedNotes().execute(alice, { description: '\n  First line  \nsecond line' }),
      );
      expect(note).to.deep.include({
        name: 'First line',
        description: '\n  First line  \nsecond line',
        active: true,
      });
    });

    it('unlinks notes, time and money records from a deleted task, and keeps them', async () => {
      const doomed = await task();
      const note = await right(preparedNotes().execute(alice, { description: 'n', task_id: doomed.id }));
      const time = await right(times().execute(alice, { time_really: '0:10:00', task_id: doomed.id }));
      await right(moneys().execute(alice, { type: 1, price: 5, task_id: doomed.id }));
      await right(world.container.resolve(DeleteTask).execute(alice, doomed.id));
      expect((await right(notes().get.execute(alice, note.id))).taskId).to.equal(null);
      expect(time.taskId).to.equal(doomed.id);
    });

    it("lets a record inherit its project's client, and rejects a conflicting one", async () => {
      const client = await right(clients().create.execute(alice, { name: 'c' }));
      const other = await right(clients().create.execute(alice, { name: 'o' }));
      const project = await right(projects().create.execute(alice, { name: 'p', client_id: client.id }));
      const time = await right(times().execute(alice, { time_really: '1:00:00', project_id: project.id }));
      expect(time.clientId).to.equal(client.id);
      const clash = await left(
        times().execute(alice, { time_really: '1:00:00', project_id: project.id, client_id: other.id }),
      );
      expect(clash).to.deep.include({ _tag: 'InvalidReference' });
    });
  });
};
