import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createWorkspace, openWorkspace } from '../../bootstrap/workspace.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';
import { right } from '../support/world.js';

/** Settles with the answer, or rejects once `ms` pass without one. */
const within = <A>(answer: Promise<A>, ms: number): Promise<A> =>
  Promise.race([
    answer,
    new Promise<A>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

/**
 * `close()` while calls are on their way: each one finishes (Right), or answers `Closed`, and every
 * one settles; what answered Right is stored (issue 57, item 6).
 */
for (const factory of ALL_HARNESSES)
  describe(`the library on ${factory.name}: closing with calls in flight`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;

    beforeEach(async () => {
      harness = await factory.open();
    });
    afterEach(() => harness.close());

    it('answers every call in flight with its result or Closed, never a failure, and closes', async () => {
      const workspace = createWorkspace({ persistence: harness.persistence, webhooks: { deliver: false } });
      const user = await right(workspace.users.create({ name: 'ada' }));
      const ada = workspace.actingAs(user.id);
      const calls = Array.from({ length: 30 }, (_, index) =>
        index % 3 === 0 ? ada.tasks.list() : ada.tasks.create({ title: `Task ${index}` }),
      );
      const closed = workspace.close();
      const answers = await within(Promise.all(calls), 20_000);
      await within(closed, 20_000);
      const tags = answers.map((answer) =>
        answer._tag === 'Right' ? 'Right' : (answer.left as { _tag: string })._tag,
      );
      expect(
        tags.filter((tag) => tag !== 'Right' && tag !== 'Closed'),
        tags.join(' '),
      ).to.deep.equal([]);
      const after = await ada.tasks.list();
      expect(after._tag === 'Left' && after.left).to.deep.equal({ _tag: 'Closed' });
    });
  });

describe('the library: one new SQLite file opened twice at once', function () {
  this.timeout(60_000);
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-twice-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('opens both: the second waits for the first to migrate it', async () => {
    const database = `sqlite:${join(directory, 'new.db')}`;
    const [first, second] = await Promise.all([
      openWorkspace({ database, webhooks: { deliver: false } }),
      openWorkspace({ database, webhooks: { deliver: false } }),
    ]);
    try {
      await right(first.users.create({ name: 'ada' }));
      expect((await right(second.users.list())).map((user) => user.name)).to.deep.equal(['ada']);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
