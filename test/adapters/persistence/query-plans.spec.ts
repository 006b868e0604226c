import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import pg from 'pg';
import { mikroOrmOptions } from '../../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { GENERIC_PLANS, perValuesPool } from '../../../adapters/persistence/mikro-orm/postgres-pool.js';
import { PostgresRunner } from '../../../adapters/persistence/mikro-orm/read/postgres-runner.js';
import { SqlCurrentRecords } from '../../../adapters/persistence/mikro-orm/read/sql-current-records.js';
import { SqlRecordReadModel } from '../../../adapters/persistence/mikro-orm/read/sql-record-read-model.js';
import type {
  Planning,
  Row,
  SqlRunner,
  SqlValue,
} from '../../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { SqlTaskReadModel } from '../../../adapters/persistence/mikro-orm/read/sql-task-read-model.js';
import { SqliteRunner } from '../../../adapters/persistence/mikro-orm/read/sqlite-runner.js';
import { POSTGRESQL, SQLITE } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';
import type { TaskListQuery } from '../../../application/ports/task-read-model.port.js';
import { type LocalDate, parseLocalDate } from '../../../domain/shared/local-date-time.js';
import {
  type FreshSqliteDatabase,
  freshPostgresDatabase,
  freshSqliteDatabase,
} from '../../support/persistence-harness.js';

/** Runs statements on `runner`, keeping each with its parameters and how it asked to be planned. */
const recording = (runner: SqlRunner) => {
  const sent: { sql: string; params: readonly SqlValue[]; planning: Planning | undefined }[] = [];
  const keep =
    <A>(run: (sql: string, params: readonly SqlValue[], planning?: Planning) => Promise<A>) =>
    (sql: string, params: readonly SqlValue[], planning?: Planning) => {
      sent.push({ sql, params, planning });
      return run(sql, params, planning);
    };
  const recorder: SqlRunner = {
    all: keep((sql, params, planning) => runner.all(sql, params, planning)),
    get: keep((sql, params, planning): Promise<Row | undefined> => runner.get(sql, params, planning)),
    run: keep((sql, params) => runner.run(sql, params)),
  };
  return { recorder, sent };
};

const day = (text: string): LocalDate => {
  const parsed = parseLocalDate(text);
  if (parsed === null) throw new Error(`not a day: ${text}`);
  return parsed;
};

/** What SQLite's planner says it does for a recorded statement, step by step. */
const planSteps = (
  database: Database.Database,
  statement: { sql: string; params: readonly SqlValue[] },
): string[] =>
  (
    database.prepare(`explain query plan ${statement.sql}`).all(...statement.params) as { detail: string }[]
  ).map((step) => step.detail);

describe('SQLite query plans of the task list', function () {
  this.timeout(60_000);
  let fresh: FreshSqliteDatabase;
  let database: Database.Database;

  before(async () => {
    fresh = await freshSqliteDatabase();
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
      .flatMap((statement) => planSteps(database, statement).filter((detail) => detail.includes('assignee')));
    // At least the page's run and the count of the total, each along the index, never the table.
    expect(steps.length).to.be.at.least(2);
    for (const step of steps) {
      expect(step).to.equal('SEARCH t USING COVERING INDEX tasks_assignee_visible_index (assignee_id=?)');
    }
  });

  it('walks each visible set along its index in id order for a filter no index narrows, and the filter’s index for a reference', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    const model = new SqlTaskReadModel(recorder, SQLITE);
    const planOf = async (filter: { status?: 1; priority?: 2; projectId?: number }) => {
      sent.length = 0;
      await model.list(1, { sort: { by: 'id', direction: 'asc' }, limit: 50, offset: 0, ...filter });
      return sent.flatMap((statement) => planSteps(database, statement));
    };
    for (const filter of [{ status: 1 }, { priority: 2 }] as const) {
      const steps = await planOf(filter);
      // Owned tasks along an owner index (in id order), assigned ones along the assignee's: each run
      // stops with the page, and no step gathers every visible task to sort them.
      expect(
        steps.some((step) => /^SEARCH t USING INDEX tasks_owner(_id)?_index \(owner_id=\?\)$/.test(step)),
      ).to.equal(true);
      expect(steps.join('\n')).to.not.match(/MULTI-INDEX OR/);
      // The runs are merged as they are read, in id order along their indexes: nothing is sorted.
      expect(steps).to.include('MERGE (UNION ALL)');
      expect(steps.join('\n')).to.not.include('TEMP B-TREE');
      expect(steps).to.not.include('SCAN t');
    }
    const steps = await planOf({ projectId: 1 });
    expect(steps.some((step) => step.includes('tasks_project'))).to.equal(true);
  });

  it('reads a filtered page’s ids and counts its matches from the filter indexes alone, never from the task rows', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    const model = new SqlTaskReadModel(recorder, SQLITE);
    const planOf = async (filter: Partial<TaskListQuery>) => {
      sent.length = 0;
      await model.list(1, { sort: { by: 'id', direction: 'asc' }, limit: 50, offset: 0, ...filter });
      return sent.flatMap((statement) => planSteps(database, statement)).join('\n');
    };
    const march = { dateFrom: day('2026-03-01'), dateTo: day('2026-03-28') };
    // Status and priority are equalities whose ids are in list order: the page stops with itself,
    // even when nothing matches, and so does its count.
    const both = await planOf({ status: 1, priority: 2 });
    expect(both).to.match(
      /SEARCH t USING COVERING INDEX tasks_owner_status_index \(owner_id=\? AND status=\? AND priority=\?\)/,
    );
    expect(both).to.not.match(/USING INDEX tasks_owner_index/);
    // A day range is a range of the date index: counted there, with status and priority tested in it.
    for (const filter of [march, { ...march, status: 1 as const }, { ...march, priority: 2 as const }])
      expect(await planOf(filter)).to.match(
        /SEARCH t USING COVERING INDEX tasks_owner_(date|status)_index \(owner_id=\? AND .*date>\? AND date<\?\)/,
      );
    // A project's tasks in id order, with who sees them: the filters are tested in the index.
    const project = await planOf({ projectId: 1, priority: 2 });
    expect(project).to.match(/SEARCH t USING COVERING INDEX tasks_project_index \(project_id=\?\)/);
    expect(project).to.not.include('TEMP B-TREE');
  });

  it('merges the visible sets of an unfiltered page, at any depth, as they are read in id order', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    await new SqlTaskReadModel(recorder, SQLITE).list(1, {
      sort: { by: 'id', direction: 'asc' },
      limit: 50,
      offset: 5000,
    });
    const steps = planSteps(database, sent[0] ?? { sql: '', params: [] });
    expect(steps).to.include('MERGE (UNION ALL)');
    expect(steps.join('\n')).to.not.include('TEMP B-TREE');
  });

  it('answers a search of tasks and of notes from the per-user index, in its order', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    const page = { limit: 50, offset: 0 };
    await new SqlTaskReadModel(recorder, SQLITE).list(1, {
      ...page,
      sort: { by: 'id', direction: 'asc' },
      search: 'budget',
    });
    await new SqlRecordReadModel(recorder, SQLITE).notes(1, { ...page, search: 'budget' });
    // Each page's statement (an empty page then counts on its own).
    const pages = sent.filter((statement) => statement.sql.includes('order by s.rowid'));
    expect(pages).to.have.length(2);
    for (const statement of pages) {
      const steps = planSteps(database, statement);
      // The page walks the index's matches in id order (no sort), and looks each row up by id.
      expect(steps.some((step) => /^SCAN s VIRTUAL TABLE INDEX \d+:M/.test(step))).to.equal(true);
      expect(steps.filter((step) => /^SEARCH [tr] USING INTEGER PRIMARY KEY/.test(step))).to.have.length(1);
      expect(steps.join('\n')).to.not.include('TEMP B-TREE');
    }
  });

  it('reads time and money records newest first in one backward walk of (owner, date, id), unsorted', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    const records = new SqlRecordReadModel(recorder, SQLITE);
    await records.times(1, { limit: 50, offset: 0 });
    await records.moneys(1, { limit: 50, offset: 0 });
    const pages = sent.filter((statement) => statement.sql.includes('order by r.date desc nulls last'));
    expect(pages).to.have.length(2);
    for (const statement of pages) {
      const steps = planSteps(database, statement);
      expect(
        steps.filter((step) => /^SEARCH r USING (COVERING )?INDEX \w+_newest_first_index/.test(step)),
      ).to.have.length(1);
      expect(steps.join('\n')).to.not.include('TEMP B-TREE');
    }
  });

  it('finds each client’s latest task in one step along (client_id, created_at, id), reading no task row', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    await new SqlRecordReadModel(recorder, SQLITE).clients(1, {
      limit: 50,
      offset: 0,
      active: true,
      orderBy: 'task',
    });
    const pages = sent.filter((statement) => statement.sql.includes('order by l.created_at desc'));
    expect(pages).to.not.have.length(0);
    for (const statement of pages) {
      const steps = planSteps(database, statement);
      expect(steps).to.include('SEARCH x USING COVERING INDEX tasks_client_latest_index (client_id=?)');
      expect(steps).to.include('SEARCH l USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN');
      expect(steps.join('\n')).to.not.match(/SCAN (x|l)\b/);
    }
  });

  it('reads the records a sync page names by primary key, walking the list of ids, never the table', async () => {
    const { recorder, sent } = recording(new SqliteRunner(database));
    await new SqlCurrentRecords(recorder, SQLITE).visible(1, 'tasks', [1, 2, 3]);
    await new SqlCurrentRecords(recorder, SQLITE).visible(1, 'clients', [1, 2, 3]);
    for (const statement of sent) {
      const steps = planSteps(database, statement);
      expect(steps[0]).to.match(/^SCAN json_each VIRTUAL TABLE/);
      expect(steps).to.include('SEARCH r USING INTEGER PRIMARY KEY (rowid=?)');
    }
  });
});

/**
 * On a fresh, migrated PostgreSQL database seeded by `seed`: the plan PostgreSQL makes for the first
 * statement `read` sends, as `explain` prints it.
 */
const postgresPlanOf = async (
  seed: readonly string[],
  read: (runner: SqlRunner) => Promise<void>,
): Promise<string> => {
  const fresh = await freshPostgresDatabase();
  if (fresh.database.kind !== 'postgresql') throw new Error('not PostgreSQL');
  await (await openSqlPersistence(fresh.database, { migrate: true })).close();
  const pool = new pg.Pool({ connectionString: fresh.database.url, max: 1 });
  try {
    const runner = new PostgresRunner(pool);
    for (const statement of seed) await runner.run(statement, []);
    const { recorder, sent } = recording(runner);
    await read(recorder);
    return (await runner.all(`explain ${sent[0]?.sql}`, sent[0]?.params ?? []))
      .map((step) => String((step as Record<string, unknown>)['QUERY PLAN']))
      .join('\n');
  } finally {
    await pool.end();
  }
};

describe('PostgreSQL query plans of a page read as runs', function () {
  this.timeout(60_000);

  it('are made once per prepared statement on the service’s connections, not again at each run, and run in one process', async () => {
    const fresh = await freshPostgresDatabase();
    if (fresh.database.kind !== 'postgresql') throw new Error('not PostgreSQL');
    const orm = await MikroORM.init(mikroOrmOptions(fresh.database));
    try {
      const pool = await (orm.em.getConnection() as PostgreSqlConnection).getNativeClient();
      const [setting] = await new PostgresRunner(pool).all('show plan_cache_mode', []);
      expect(setting?.plan_cache_mode).to.equal('force_generic_plan');
      // Nor split over parallel workers (postgres-pool.ts, NO_PARALLEL_WORKERS).
      const [workers] = await new PostgresRunner(pool).all('show max_parallel_workers_per_gather', []);
      expect(workers?.max_parallel_workers_per_gather).to.equal('0');
    } finally {
      await orm.close();
    }
  });

  it('are weighed for each run’s values where the caller asks, on connections in PostgreSQL’s default mode, also in one process', async () => {
    const fresh = await freshPostgresDatabase();
    if (fresh.database.kind !== 'postgresql') throw new Error('not PostgreSQL');
    const pool = new pg.Pool({ connectionString: fresh.database.url, max: 1, options: GENERIC_PLANS });
    const perValues = perValuesPool(pool);
    try {
      const runner = new PostgresRunner(pool, perValues);
      const mode = async (planning?: Planning) =>
        (await runner.get('show plan_cache_mode', [], planning))?.plan_cache_mode;
      expect(await mode('per-values')).to.equal('auto');
      expect(await mode()).to.equal('force_generic_plan');
      expect(await mode('once')).to.equal('force_generic_plan');
      const workers = await runner.get('show max_parallel_workers_per_gather', [], 'per-values');
      expect(workers?.max_parallel_workers_per_gather).to.equal('0');
    } finally {
      await Promise.all([pool.end(), perValues.end()]);
    }
  });

  it('are asked for each run’s values by filtered lists only', async () => {
    const fresh = await freshSqliteDatabase();
    await (await openSqlPersistence(fresh.database, { migrate: true })).close();
    const database = new Database(fresh.database.path);
    try {
      const { recorder, sent } = recording(new SqliteRunner(database));
      // The choice is the read model's, the same on either database (SQLite's runner ignores it).
      const tasks = new SqlTaskReadModel(recorder, SQLITE);
      const records = new SqlRecordReadModel(recorder, SQLITE);
      const page = { limit: 50, offset: 0 };
      const sort = { by: 'id', direction: 'asc' } as const;
      const planningOf = async (list: () => Promise<unknown>) => {
        sent.length = 0;
        await list();
        return [...new Set(sent.map((statement) => statement.planning ?? 'once'))];
      };
      expect(await planningOf(() => tasks.list(1, { sort, ...page }))).to.deep.equal(['once']);
      expect(await planningOf(() => tasks.list(1, { sort, ...page, status: 1 }))).to.deep.equal([
        'per-values',
      ]);
      expect(await planningOf(() => tasks.list(1, { sort, ...page, search: 'abc' }))).to.deep.equal([
        'per-values',
      ]);
      expect(await planningOf(() => records.times(1, page))).to.deep.equal(['once']);
      expect(await planningOf(() => records.times(1, { ...page, clientId: 1 }))).to.deep.equal([
        'per-values',
      ]);
      expect(
        await planningOf(() => records.clients(1, { ...page, active: true, orderBy: 'task' })),
      ).to.deep.equal(['once']);
    } finally {
      database.close();
      fresh.cleanup();
    }
  });

  it('merges the visible sets of a deep task page as each is read along its index', async () => {
    const plan = await postgresPlanOf(
      [
        "insert into users (id, name, timezone, created_at) values (1, 'alice', 'UTC', 0), (2, 'bob', 'UTC', 0)",
        // Alice owns 5000 tasks; every 50th of Bob's 5000 is assigned to her.
        'insert into tasks (owner_id, assignee_id, client_task_id, number_scope, title, priority, status, active, created_at, updated_at) ' +
          "select 1 + i % 2, case when i % 100 = 1 then 1 end, i, i % 2, 'task', 0, 0, true, i, i from generate_series(1, 10000) i",
        'analyze tasks',
      ],
      async (runner) => {
        const sort = { by: 'id', direction: 'asc' } as const;
        const page = await new SqlTaskReadModel(runner, POSTGRESQL).list(1, {
          sort,
          limit: 50,
          offset: 4000,
        });
        expect(page.items).to.have.length(50);
      },
    );
    // The owned run is read in id order and stops with the page (this small table may sort the
    // 50 assigned tasks first); nothing sorts the merged ids or scans the table.
    expect(plan).to.include('Merge Append');
    expect(plan).to.not.include('Seq Scan');
    expect(plan).to.not.match(/Sort {2}\(cost=\S+ rows=(\d{3,})/);
  });

  it('joins a sync page’s records to its ids, never testing each visible task against the whole list', async () => {
    const plan = await postgresPlanOf(
      [
        "insert into users (id, name, timezone, created_at) values (1, 'alice', 'UTC', 0)",
        'insert into tasks (owner_id, client_task_id, number_scope, title, priority, status, active, created_at, ' +
          "updated_at, version) select 1, i, 0, 't', 0, 0, true, i, i, 1 from generate_series(1, 5000) i",
        'analyze tasks',
        // The plan a prepared statement settles on after its first runs.
        'set plan_cache_mode = force_generic_plan',
      ],
      async (runner) => {
        const ids = Array.from({ length: 1000 }, (_, i) => i + 1);
        expect(await new SqlCurrentRecords(runner, POSTGRESQL).visible(1, 'tasks', ids)).to.have.length(1000);
      },
    );
    expect(plan).to.include('ProjectSet');
    expect(plan).to.not.include('ANY');
  });

  it('looks the page’s rows up by primary key instead of scanning the table for them', async () => {
    const plan = await postgresPlanOf(
      [
        "insert into users (id, name, timezone, created_at) values (1, 'alice', 'UTC', 0)",
        // Enough rows that the planner would rather hash the page's ids against a scan of them all.
        'insert into time_records (owner_id, time_really, date, created_at, updated_at) ' +
          "select 1, 60, '2026-01-01 09:00:00', i, i from generate_series(1, 5000) i",
        'analyze time_records',
      ],
      async (runner) => {
        const page = await new SqlRecordReadModel(runner, POSTGRESQL).times(1, { limit: 50, offset: 0 });
        expect(page.items).to.have.length(50);
      },
    );
    expect(plan).to.include('Index Scan using time_records_pkey on time_records r');
    expect(plan).to.not.include('Seq Scan');
  });
});
