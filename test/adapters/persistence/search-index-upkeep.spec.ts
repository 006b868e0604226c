import Database from 'better-sqlite3';
import { expect } from 'chai';
import { expressionBuilder, Kysely, SqliteDialect } from 'kysely';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { type Statements, statementsOf } from '../../../adapters/persistence/mikro-orm/orm-runner.js';
import type { Database as Tables } from '../../../adapters/persistence/mikro-orm/schemas/database.js';
import { SQLITE } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';
import { prepareSqliteConnection } from '../../../adapters/persistence/mikro-orm/sqlite-connection.js';
import {
  mergeStep,
  SearchIndexUpkeep,
} from '../../../adapters/persistence/mikro-orm/write/search-index-upkeep.js';
import { freshSqliteDatabase } from '../../support/persistence-harness.js';

/** Statements straight on `database` (each one its own transaction, as the merge needs none more). */
const statementsOn = (database: Database.Database): Statements => {
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
  return statementsOf({ db, execute: async (compiled) => (await db.executeQuery(compiled)).rows });
};

const tasks = expressionBuilder<{ t: Tables['tasks'] }, 't'>();

const QUICK = { afterWriteMs: 0, underWritesMs: 0, betweenStepsMs: 0, pauseFactor: 0 };

/** Text of a thousand characters, different for each task. */
const description = (n: number): string =>
  Array.from({ length: 100 }, (_, i) => ((n * 7919 + i * 104729) % 1_000_003).toString(36)).join(' ');

/** A migrated SQLite file opened bare, with `tasks` single-row transactions written as a script would. */
const databaseWithTasks = async (tasks: number) => {
  const fresh = await freshSqliteDatabase();
  await (await openSqlPersistence(fresh.database, { migrate: true })).close();
  const database = new Database(fresh.database.path);
  database.pragma('journal_mode = WAL');
  prepareSqliteConnection(database);
  const owner = Number(
    database.prepare("insert into users (name, timezone, created_at) values ('o', 'UTC', 0)").run()
      .lastInsertRowid,
  );
  const insert = database.prepare(
    'insert into tasks (owner_id, client_task_id, number_scope, title, description, priority, status, active, created_at, updated_at) ' +
      'values (?, ?, 0, ?, ?, 0, 0, 1, 0, 0)',
  );
  // Each in its own transaction: FTS5 writes each transaction's entries as a segment of its own.
  // A long description gives each segment pages enough that merging them takes several steps.
  for (let n = 1; n <= tasks; n++)
    insert.run(owner, n, n % 2 === 0 ? `report ${n}` : `memo ${n}`, description(n));
  return {
    database,
    owner,
    cleanup: () => {
      database.close();
      fresh.cleanup();
    },
  };
};

/** Whether one merge step of the task index finds work (its change count moves by 2 or more). */
const mergeFindsWork = (database: Database.Database): boolean => {
  const changes = () => Number((database.prepare('select total_changes() as n').get() as { n: number }).n);
  const before = changes();
  database.prepare("insert into task_search (task_search, rank) values ('merge', 32)").run();
  return changes() - before >= 2;
};

const searchIds = async (database: Database.Database, owner: number, term: string): Promise<number[]> => {
  const index = SQLITE.searchIndex('tasks', tasks.ref('t.id'), owner, term);
  if (index === undefined) throw new Error('term not indexed');
  const q = statementsOn(database);
  const rows = await q.all(index.join(q.db.selectFrom('tasks as t').select('t.id')).orderBy('t.id'));
  return rows.map((row) => row.id);
};

describe('the upkeep of SQLite’s search indexes', function () {
  this.timeout(60_000);

  it('finds unmerged segments after many single writes (what it is there to merge)', async () => {
    const { database, cleanup } = await databaseWithTasks(200);
    try {
      expect(mergeFindsWork(database)).to.equal(true);
    } finally {
      cleanup();
    }
  });

  it('merges until a merge step finds nothing left, and searches answer exactly as before', async () => {
    const { database, owner, cleanup } = await databaseWithTasks(200);
    try {
      const before = await searchIds(database, owner, 'report');
      expect(before).to.have.length(100);
      const upkeep = new SearchIndexUpkeep(
        () => mergeStep(statementsOn(database), SQLITE),
        (cause) => {
          throw cause;
        },
        QUICK,
      );
      upkeep.poke();
      await upkeep.settled();
      expect(mergeFindsWork(database)).to.equal(false);
      expect(await searchIds(database, owner, 'report')).to.deep.equal(before);
      await upkeep.close();
    } finally {
      cleanup();
    }
  });

  it('lets a step merge any two segments of a level, in both indexes (usermerge 2)', async () => {
    const { database, cleanup } = await databaseWithTasks(0);
    try {
      for (const index of ['task_search', 'note_search'])
        expect(database.prepare(`select v from ${index}_config where k = 'usermerge'`).get()).to.deep.equal({
          v: 2,
        });
    } finally {
      cleanup();
    }
  });

  it('reports a failed step instead of throwing, and tries again at the next write', async () => {
    let attempts = 0;
    const failing = async (): Promise<boolean> => {
      attempts += 1;
      throw new Error('database is locked');
    };
    const reported: string[] = [];
    const upkeep = new SearchIndexUpkeep(
      failing,
      (error) => reported.push(`${(error as Error).message}: ${((error as Error).cause as Error).message}`),
      QUICK,
    );
    upkeep.poke();
    await upkeep.settled();
    upkeep.poke();
    await upkeep.settled();
    expect({ attempts, reported }).to.deep.equal({
      attempts: 2,
      reported: [
        'could not merge the search index: database is locked',
        'could not merge the search index: database is locked',
      ],
    });
  });

  it('runs once more after a write that committed while a step ran, though the step found nothing', async () => {
    let steps = 0;
    let upkeep: SearchIndexUpkeep | undefined;
    const writtenDuringFirst = async () => {
      steps += 1;
      // The write commits on a later turn, while the step is under way.
      await Promise.resolve();
      if (steps === 1) upkeep?.poke();
      return false;
    };
    upkeep = new SearchIndexUpkeep(writtenDuringFirst, () => undefined, QUICK);
    upkeep.poke();
    await upkeep.settled();
    expect(steps).to.equal(2);
  });

  it('under writes that do not pause, steps once per underWritesMs; once they pause, merges to the end', async () => {
    let steps = 0;
    // Each step finds work until the tenth.
    const merging = async () => {
      steps += 1;
      return steps < 10;
    };
    const upkeep = new SearchIndexUpkeep(merging, () => undefined, {
      afterWriteMs: 30,
      underWritesMs: 100,
      betweenStepsMs: 0,
      pauseFactor: 0,
    });
    const writingUntil = performance.now() + 350;
    while (performance.now() < writingUntil) {
      upkeep.poke();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const stepsWhileWriting = steps;
    await upkeep.settled();
    await upkeep.close();
    // Merging in every gap between the writes stepped about twenty times here.
    expect(stepsWhileWriting).to.be.within(1, 5);
    expect(steps).to.equal(10);
  });

  it('runs no step once closed', async () => {
    let steps = 0;
    const counting = async () => {
      steps += 1;
      return false;
    };
    const upkeep = new SearchIndexUpkeep(counting, () => undefined, {
      afterWriteMs: 20,
      underWritesMs: 20,
      betweenStepsMs: 0,
      pauseFactor: 0,
    });
    upkeep.poke();
    await upkeep.close();
    upkeep.poke();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(steps).to.equal(0);
  });
});
