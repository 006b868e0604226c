// The copy @mikro-orm/sqlite runs on: it pins it, and no other is installed.
import Database from 'better-sqlite3';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Workspace } from '../../../bootstrap/index.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { type FreshSqliteDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';

/** Runs `work` on a later turn of the event loop, as a request arriving on its own socket would. */
const later = <A>(work: () => Promise<A>): Promise<A> =>
  new Promise((resolve) => setImmediate(resolve)).then(work);

/** Counts the COMMITs run on any SQLite connection while `work` runs. */
const commitsDuring = async (work: () => Promise<void>): Promise<number> => {
  const probe = new Database(':memory:');
  const statement: { run(...params: unknown[]): unknown } = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const run = statement.run;
  let commits = 0;
  statement.run = function (this: { source: string }, ...params: unknown[]) {
    if (this.source === 'commit') commits += 1;
    return run.apply(this, params);
  };
  try {
    await work();
  } finally {
    statement.run = run;
  }
  return commits;
};

describe('SQLite: transactions that run at once share a commit, and each is answered once it is committed', function () {
  this.timeout(60_000);
  let fresh: FreshSqliteDatabase;
  let workspace: Workspace;
  let userId: number;
  /** A connection of its own, as another process would read the file. */
  let tasksOnDisk: () => string[];

  beforeEach(async () => {
    fresh = await freshSqliteDatabase();
    workspace = createWorkspace({ persistence: await openSqlPersistence(fresh.database, { migrate: true }) });
    const user = await workspace.users.create({ name: 'ada', timezone: 'UTC' });
    if (E.isLeft(user)) throw new Error('no user');
    userId = user.right.id;
    const reader = new Database(fresh.database.path, { readonly: true });
    const titles = reader.prepare('select title from tasks order by id');
    tasksOnDisk = () => titles.all().map((row) => String(Reflect.get(Object(row), 'title')));
  });
  afterEach(async () => {
    await workspace.close();
    fresh.cleanup();
  });

  it('answers every one of 32 creates made at once only when another connection sees its task, in fewer commits', async () => {
    const session = workspace.actingAs(userId);
    const seenWhenAnswered: boolean[] = [];
    const commits = await commitsDuring(async () => {
      await Promise.all(
        Array.from({ length: 32 }, (_, n) =>
          later(async () => {
            const created = await session.tasks.create({ title: `task ${n}` });
            seenWhenAnswered.push(E.isRight(created) && tasksOnDisk().includes(`task ${n}`));
          }),
        ),
      );
    });
    expect(seenWhenAnswered).to.have.length(32);
    expect(seenWhenAnswered.every(Boolean)).to.equal(true);
    expect(commits).to.be.greaterThan(0).and.lessThan(32);
  });

  it('a transaction that fails among them takes back only its own writes', async () => {
    const session = workspace.actingAs(userId);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        later(() =>
          // Every third names a project that does not exist: refused inside its transaction.
          session.tasks.create(n % 3 === 0 ? { title: `bad ${n}`, projectId: 4242 } : { title: `good ${n}` }),
        ),
      ),
    );
    expect(answers.filter(E.isLeft)).to.have.length(4);
    const stored = tasksOnDisk();
    expect(stored.filter((title) => title.startsWith('good'))).to.have.length(8);
    expect(stored.filter((title) => title.startsWith('bad'))).to.deep.equal([]);
    // Their numbers are gapless: a refused create gave back the number it had taken.
    const list = await session.tasks.list();
    const numbers = E.isRight(list)
      ? list.right.items.map((task) => task.clientTaskId).sort((a, b) => a - b)
      : [];
    expect(numbers).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
