import { MikroORM } from '@mikro-orm/sql';
import { expect } from 'chai';
import pg from 'pg';
import { mikroOrmOptions } from '../../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import {
  ormExecutor,
  type Statements,
  statementsOf,
} from '../../../adapters/persistence/mikro-orm/orm-runner.js';
import { SqlWindowCounter } from '../../../adapters/persistence/mikro-orm/read/sql-window-counter.js';
import { POSTGRESQL } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';
import { postgresServer } from '../../support/persistence-harness.js';

/** Two instances of the service: each its own ORM, its own pool, on one database. */
const instance = async (url: string): Promise<{ statements: Statements; close: () => Promise<void> }> => {
  const orm = await MikroORM.init(await mikroOrmOptions({ kind: 'postgresql', url }));
  return {
    statements: statementsOf(ormExecutor(orm.em.fork(), 'write', POSTGRESQL)),
    close: () => orm.close(),
  };
};

describe('the shared rate-limit window counter on PostgreSQL', function () {
  this.timeout(60_000);
  let pool: pg.Pool;
  let instances: Awaited<ReturnType<typeof instance>>[] = [];
  let now: number;
  let counter: SqlWindowCounter;
  let lagging: SqlWindowCounter;

  before(async () => {
    const url = await (await postgresServer()).createDatabase(`workspace_windows_${process.pid}`);
    await (await openSqlPersistence({ kind: 'postgresql', url }, { migrate: true })).close();
    pool = new pg.Pool({ connectionString: url, max: 4 });
    instances = [await instance(url), await instance(url)];
  });
  after(async () => {
    await pool.end();
    for (const each of instances) await each.close();
  });

  beforeEach(async () => {
    await pool.query('delete from rate_limit_windows');
    now = 1_800_000_000_000 + 10_000;
    const [one, two] = instances;
    if (one === undefined || two === undefined) throw new Error('no instances');
    counter = new SqlWindowCounter(one.statements, () => now);
    // Another instance whose clock is two seconds behind.
    lagging = new SqlWindowCounter(two.statements, () => now - 2_000);
  });

  it('counts hits in the current window and says when it resets', async () => {
    expect(await counter.hit('key:1', 60_000)).to.deep.equal({ hits: 1, resetInMs: 50_000 });
    expect((await counter.hit('key:1', 60_000)).hits).to.equal(2);
    expect((await counter.hit('key:2', 60_000)).hits).to.equal(1);
  });

  it('starts again at 1 in the next window', async () => {
    await counter.hit('key:1', 60_000);
    await counter.hit('key:1', 60_000);
    now += 60_000;
    expect(await counter.hit('key:1', 60_000)).to.deep.equal({ hits: 1, resetInMs: 50_000 });
  });

  it('concurrent hits from several instances are each counted once', async () => {
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? counter : lagging).hit('key:7', 60_000)),
    );
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).to.deep.equal(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('an instance whose clock lags counts into the current window instead of resetting it', async () => {
    now = 1_800_000_000_000 + 1_000; // lagging is still in the previous window
    await counter.hit('key:1', 60_000);
    await counter.hit('key:1', 60_000);
    expect((await lagging.hit('key:1', 60_000)).hits).to.equal(3);
  });

  it('forgets finished windows', async () => {
    await counter.hit('addr:10.0.0.1', 60_000);
    now += 3 * 60_000;
    await counter.hit('addr:10.0.0.2', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { rows } = await pool.query('select bucket from rate_limit_windows order by bucket');
    expect(rows.map((r) => r.bucket)).to.deep.equal(['addr:10.0.0.2']);
  });
});
