import Database from 'better-sqlite3';
import { expect } from 'chai';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Row, SqlRunner, SqlValue } from '../../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { SqlTaskReadModel } from '../../../adapters/persistence/mikro-orm/read/sql-task-read-model.js';
import { SqliteRunner } from '../../../adapters/persistence/mikro-orm/read/sqlite-runner.js';
import { SQLITE } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';
import { type FreshDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';

/** Runs statements on `runner`, keeping each with its parameters. */
const recording = (runner: SqlRunner) => {
  const sent: { sql: string; params: readonly SqlValue[] }[] = [];
  const keep =
    <A>(run: (sql: string, params: readonly SqlValue[]) => Promise<A>) =>
    (sql: string, params: readonly SqlValue[]) => {
      sent.push({ sql, params });
      return run(sql, params);
    };
  const recorder: SqlRunner = {
    all: keep((sql, params) => runner.all(sql, params)),
    get: keep((sql, params): Promise<Row | undefined> => runner.get(sql, params)),
    run: keep((sql, params) => runner.run(sql, params)),
  };
  return { recorder, sent };
};

describe('SQLite query plans of the task list', function () {
  this.timeout(60_000);
  let fresh: FreshDatabase;
  let database: Database.Database;

  before(async () => {
    fresh = await freshSqliteDatabase();
    if (fresh.database.kind !== 'sqlite') throw new Error('not SQLite');
    await (await openSqlPersistence(fresh.database, { migrate: true })).close();
    database = new Database(fresh.database.path);
  });
  after(() => {
    database.close();
    fresh.cleanup();
  });

  it('reads and counts the tasks assigned by someone else from the assignee index alone', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    await new SqlTaskReadModel(recorder, SQLITE).list(1, {
      sort: { by: 'id', direction: 'asc' },
      limit: 50,
      offset: 0,
    });
    const steps = sent
      .filter((statement) => statement.sql.includes('t.assignee_id = ? and t.owner_id <> ?'))
      .flatMap((statement) =>
        (
          database.prepare(`explain query plan ${statement.sql}`).all(...statement.params) as {
            detail: string;
          }[]
        )
          .map((step) => step.detail)
          .filter((detail) => detail.includes('assignee')),
      );
    // At least the page's run and the count of the total, each along the index, never the table.
    expect(steps.length).to.be.at.least(2);
    for (const step of steps) {
      expect(step).to.equal('SEARCH t USING COVERING INDEX tasks_assignee_visible_index (assignee_id=?)');
    }
  });
});
