import { expect } from 'chai';
import type * as E from 'fp-ts/lib/Either.js';
import type { Workspace } from '../../bootstrap/index.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';

const right = <A>(answer: E.Either<unknown, A>): A => {
  if (answer._tag === 'Left') throw new Error(`expected Right, got ${JSON.stringify(answer.left)}`);
  return answer.right;
};

/** Changes every property of `value` a host could reach, arrays and nested objects included. */
const scribbleOver = (value: unknown): void => {
  if (Array.isArray(value)) {
    for (const item of value) scribbleOver(item);
    value.push('scribbled');
  } else if (typeof value === 'object' && value !== null && !(value instanceof Date))
    for (const [name, field] of Object.entries(value)) {
      if (typeof field === 'object' && field !== null) scribbleOver(field);
      else Reflect.set(value, name, typeof field === 'number' ? -1 : 'scribbled');
    }
};

for (const factory of ALL_HARNESSES)
  describe(`the library on ${factory.name}: a host owns what it receives (CONTRACT §9)`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;
    let workspace: Workspace;

    beforeEach(async () => {
      harness = await factory.open();
      workspace = createWorkspace({ persistence: harness.persistence });
    });
    afterEach(async () => {
      await workspace.close();
      await harness.close();
    });

    it('a user it changed is not the user the workspace keeps: status changes still use the stored time zone', async () => {
      const user = right(await workspace.users.create({ name: 'ada', timezone: 'Europe/Berlin' }));
      Reflect.set(right(await workspace.users.find(user.id)), 'timezone', 'Not/A_Zone');
      for (const listed of right(await workspace.users.list())) Reflect.set(listed, 'timezone', 'Not/A_Zone');
      const session = workspace.actingAs(user.id);
      const task = right(await session.tasks.create({ title: 'plan' }));
      right(await session.tasks.changeStatus(task.id, 2));
      expect(right(await workspace.users.find(user.id)).timezone).to.equal('Europe/Berlin');
    });

    it('a key session’s scopes it changed grant nothing more', async () => {
      const user = right(await workspace.users.create({ name: 'bo', timezone: 'UTC' }));
      const key = right(await workspace.keys.create({ userId: user.id, scopes: ['tasks:read'] }));
      const first = right(await workspace.authenticate(key.plaintext));
      Reflect.apply(Array.prototype.push, first.scopes, ['tasks:write']);
      const again = right(await workspace.authenticate(key.plaintext));
      expect(again.scopes).to.deep.equal(['tasks:read']);
      expect((await first.tasks.create({ title: 'x' }))._tag).to.equal('Left');
      expect((await again.tasks.create({ title: 'x' }))._tag).to.equal('Left');
    });

    it('records, lists, histories and profiles it changed read back as stored', async () => {
      const user = right(await workspace.users.create({ name: 'cy', timezone: 'UTC' }));
      const session = workspace.actingAs(user.id);
      const task = right(await session.tasks.create({ title: 'write', description: 'draft' }));
      right(await session.tasks.changeStatus(task.id, 2));
      const client = right(await session.clients.create({ name: 'Acme' }));
      const ids = { task: task.id, client: client.id };
      const reads = async () => ({
        task: right(await session.tasks.get(ids.task)),
        tasks: right(await session.tasks.list()),
        history: right(await session.tasks.history(ids.task)),
        client: right(await session.clients.get(ids.client)),
        clients: right(await session.clients.list()),
        profile: right(await session.gamification.profile()),
      });
      const before = structuredClone(await reads());
      scribbleOver(await reads());
      scribbleOver(task);
      scribbleOver(client);
      expect(await reads()).to.deep.equal(before);
    });
  });
