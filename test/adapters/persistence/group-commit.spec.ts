import Database from 'better-sqlite3';
import { expect } from 'chai';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { type FreshSqliteDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';

describe('SQLite group commit through the workspace: writes that arrive together', () => {
  let fresh: FreshSqliteDatabase;
  let persistence: Persistence;

  beforeEach(async () => {
    fresh = await freshSqliteDatabase();
    persistence = await openSqlPersistence(fresh.database, { migrate: true });
  });
  afterEach(async () => {
    await persistence.close();
    fresh.cleanup();
  });

  it('store each of them but the one refused, and number the change log without a gap', async () => {
    const workspace = createWorkspace({ persistence });
    const user = await workspace.users.create({ name: 'grouped', timezone: 'UTC' });
    if (user._tag === 'Left') throw new Error('no user');
    const session = workspace.actingAs(user.right.id);
    // Begun in one turn of the event loop, so they share a commit (sqlite-writer.spec.ts).
    const outcomes = await Promise.all([
      session.tasks.create({ title: 'one' }),
      session.tasks.create({ title: 'two', clientId: 999_999 }),
      session.tasks.create({ title: 'three' }),
      session.tasks.create({ title: '' }),
      session.tasks.create({ title: 'four' }),
    ]);
    expect(outcomes.map((outcome) => outcome._tag)).to.deep.equal([
      'Right',
      'Left',
      'Right',
      'Left',
      'Right',
    ]);

    const database = new Database(fresh.database.path, { readonly: true });
    try {
      const titles = database.prepare('select title from tasks where owner_id = ? order by id').pluck();
      expect(titles.all(user.right.id)).to.deep.equal(['one', 'three', 'four']);
      const logged = database
        .prepare("select seq from change_log where user_id = ? and resource = 'tasks' order by seq")
        .pluck()
        .all(user.right.id);
      expect(logged).to.have.length(3);
      const [first] = logged as number[];
      expect(logged).to.deep.equal([first, (first ?? 0) + 1, (first ?? 0) + 2]);
    } finally {
      database.close();
    }
  });
});
