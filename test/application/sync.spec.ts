import { expect } from 'chai';
import type { ChangeResource } from '../../application/ports/change-log.port.js';
import type { SyncedChange } from '../../application/sync/sync-changes.use-case.js';
import type { Session } from '../../application/workspace/session-types.js';
import type { UserSession } from '../../application/workspace/workspace.js';
import { DAY_MS } from '../support/fixed-clock.js';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

type AnySession = Session<unknown>;
type Copy = Map<string, unknown>;

/** Follows the feed from `since` to its end, applying each change to `copy`; answers the last token. */
const syncInto = async (session: AnySession, copy: Copy, since?: string, limit = 3): Promise<string> => {
  let token = since;
  for (;;) {
    const page = await right(
      session.changes.since({ ...(token === undefined ? {} : { since: token }), limit }),
    );
    for (const change of page.changes) apply(copy, change);
    token = page.nextSince;
    if (!page.hasMore) return token;
  }
};

const apply = (copy: Copy, change: SyncedChange): void => {
  const key = `${change.resource}:${change.id}`;
  if (change.record === null) copy.delete(key);
  else copy.set(key, change.record);
};

/** Everything the lists show, archived records included, keyed as the copy is. */
const listed = async (session: AnySession): Promise<Copy> => {
  const all: Copy = new Map();
  const add = (resource: ChangeResource, items: readonly { readonly id: number }[]) => {
    for (const item of items) all.set(`${resource}:${item.id}`, item);
  };
  const page = { limit: 100 } as const;
  for (const active of [true, false]) {
    add('tasks', (await right(session.tasks.list({ ...page, active }))).items);
    add('clients', (await right(session.clients.list({ ...page, active }))).items);
    add('projects', (await right(session.projects.list({ ...page, active }))).items);
    add('categories', (await right(session.categories.list({ ...page, active }))).items);
    add('cards', (await right(session.cards.list({ ...page, active }))).items);
  }
  add('notes', (await right(session.notes.list(page))).items);
  add('times', (await right(session.times.list(page))).items);
  add('moneys', (await right(session.moneys.list(page))).items);
  return all;
};

const sorted = (copy: Copy) => [...copy.entries()].sort(([a], [b]) => a.localeCompare(b));

/** CONTRACT §10 delta sync in the library: the same feed as `GET /v1/sync`. */
for (const harness of ALL_HARNESSES) {
  describe(`the library: delta sync (${harness.name})`, () => {
    let world: World;
    let alice: UserSession;
    let bob: UserSession;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
      alice = await world.user('alice');
      bob = await world.user('bob');
    });

    afterEach(() => world.close());

    it('a copy kept by syncing equals what the lists show, through creates, edits, assignments, deletes and rollbacks', async () => {
      const client = await right(alice.clients.create({ name: 'Acme' }));
      const project = await right(alice.projects.create({ name: 'Site', clientId: client.id }));
      const kept = await right(alice.tasks.create({ title: 'kept', projectId: project.id }));
      const doomed = await right(alice.tasks.create({ title: 'doomed' }));
      await right(alice.notes.create({ name: 'n', taskId: doomed.id }));
      const card = await right(alice.cards.create({ name: 'wallet' }));
      await right(alice.moneys.create({ type: 1, price: 10, card: card.id }));
      const aliceCopy: Copy = new Map();
      const bobCopy: Copy = new Map();
      let aliceToken = await syncInto(alice, aliceCopy);
      let bobToken = await syncInto(bob, bobCopy);

      await right(alice.tasks.update(kept.id, { title: 'kept, renamed', assigneeId: bob.userId }));
      await right(alice.tasks.changeStatus(kept.id, 2));
      await right(alice.tasks.delete(doomed.id));
      await right(alice.clients.update(client.id, { active: false }));
      await right(alice.times.create({ timeReally: 90, taskId: kept.id }));
      // Refused writes store nothing, so they log nothing.
      await left(alice.tasks.create({ title: 'nowhere', projectId: 999_999 }));
      await left(alice.clients.delete(client.id));
      const unassigned = await right(alice.tasks.create({ title: 'briefly bob’s', assigneeId: bob.userId }));
      bobToken = await syncInto(bob, bobCopy, bobToken);
      expect(bobCopy.has(`tasks:${unassigned.id}`)).to.equal(true);
      await right(alice.tasks.update(unassigned.id, { assigneeId: null }));

      aliceToken = await syncInto(alice, aliceCopy, aliceToken);
      bobToken = await syncInto(bob, bobCopy, bobToken);
      expect(sorted(aliceCopy)).to.deep.equal(sorted(await listed(alice)));
      expect(sorted(bobCopy)).to.deep.equal(sorted(await listed(bob)));
      expect(bobCopy.has(`tasks:${unassigned.id}`)).to.equal(false);
      expect(bobCopy.has(`tasks:${kept.id}`)).to.equal(true);

      // Nothing new: an empty answer, and the token stays good.
      const quiet = await right(alice.changes.since({ since: aliceToken }));
      expect(quiet.changes).to.deep.equal([]);
      expect(quiet.hasMore).to.equal(false);
    });

    it('pages by limit in seq order, has_more until the end, and folds a record’s changes within a page', async () => {
      const first = await right(alice.tasks.create({ title: 'a' }));
      await right(alice.tasks.update(first.id, { title: 'a2' }));
      const gone = await right(alice.notes.create({ name: 'gone' }));
      await right(alice.notes.delete(gone.id));
      for (const title of ['b', 'c', 'd']) await right(alice.tasks.create({ title }));

      const whole = await right(alice.changes.since({}));
      expect(whole.hasMore).to.equal(false);
      const [created, tombstone] = whole.changes;
      expect(created).to.include({ seq: 2, resource: 'tasks', id: first.id, operation: 'created' });
      expect(created?.record).to.deep.equal(await right(alice.tasks.get(first.id)));
      expect(tombstone).to.include({
        seq: 4,
        resource: 'notes',
        id: gone.id,
        operation: 'deleted',
        record: null,
      });
      expect(whole.changes).to.have.length(5);

      const seqs: number[] = [];
      let page = await right(alice.changes.since({ limit: 2 }));
      const more = [page.hasMore];
      seqs.push(...page.changes.map((change) => change.seq));
      while (page.hasMore) {
        page = await right(alice.changes.since({ limit: 2, since: page.nextSince }));
        more.push(page.hasMore);
        seqs.push(...page.changes.map((change) => change.seq));
      }
      expect(more).to.deep.equal([true, true, true, false]);
      expect(seqs).to.deep.equal([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).to.equal(seqs.length);
    });

    it('refuses a token of another user, one edited by hand, and one used for resources it did not cover', async () => {
      await right(alice.tasks.create({ title: 't' }));
      const { nextSince } = await right(alice.changes.since({}));
      const invalid = { _tag: 'InvalidSyncToken' };
      expect(await left(bob.changes.since({ since: nextSince }))).to.deep.equal(invalid);
      const edited = `${nextSince.slice(0, -2)}${nextSince.endsWith('A') ? 'B' : 'A'}A`;
      expect(await left(alice.changes.since({ since: edited }))).to.deep.equal(invalid);
      expect(await left(alice.changes.since({ since: 'not-a-token' }))).to.deep.equal(invalid);
      // One character added, which base64 alone would skip, is a forgery too.
      for (const added of ['A', 'Q', '_'])
        expect(await left(alice.changes.since({ since: `${nextSince}${added}` })), added).to.deep.equal(
          invalid,
        );

      const tasksOnly = await right(alice.changes.since({ resources: 'tasks' }));
      expect(await left(alice.changes.since({ since: tasksOnly.nextSince }))).to.deep.equal(invalid);
      // A token for every resource carries on for fewer.
      expect(await right(alice.changes.since({ since: nextSince, resources: 'tasks' }))).to.have.property(
        'hasMore',
        false,
      );
    });

    it('a token older than the retention answers SyncTokenExpired; a fresh sync starts again', async () => {
      await right(alice.tasks.create({ title: 't' }));
      const { nextSince } = await right(alice.changes.since({}));
      world.clock.advance(89 * DAY_MS);
      await right(alice.changes.since({ since: nextSince }));
      world.clock.advance(2 * DAY_MS);
      expect(await left(alice.changes.since({ since: nextSince }))).to.deep.equal({
        _tag: 'SyncTokenExpired',
        retentionDays: 90,
      });
      expect((await right(alice.changes.since({}))).changes).to.have.length(1);
    });

    it('a key reads only the resources it may read; naming another is InsufficientScope', async () => {
      await right(alice.tasks.create({ title: 't' }));
      await right(alice.clients.create({ name: 'c' }));
      const key = await right(
        world.workspace.authenticate(await world.key('alice', 'tasks:read,notes:write')),
      );
      const answer = await right(key.changes.since({}));
      expect(answer.changes.map((change) => change.resource)).to.deep.equal(['tasks']);
      expect(await left(key.changes.since({ resources: 'tasks,clients' }))).to.deep.equal({
        _tag: 'InsufficientScope',
        needed: 'clients:read',
        accepted: ['clients:read', 'clients:*'],
      });
      const invalid = await left(key.changes.since({ resources: 'tasks,webhooks', limit: 1001 }));
      expect(
        invalid._tag === 'ValidationFailed' && invalid.details.map((d) => [d.field, d.code]),
      ).to.deep.equal([
        ['resources', 'OUT_OF_RANGE'],
        ['limit', 'OUT_OF_RANGE'],
      ]);
    });
  });
}
