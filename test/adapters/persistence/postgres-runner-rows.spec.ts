import { expect } from 'chai';
import pg from 'pg';
import { PostgresRunner } from '../../../adapters/persistence/mikro-orm/read/postgres-runner.js';
import { freshPostgresDatabase } from '../../support/persistence-harness.js';

describe('rows read by the PostgreSQL runner', function () {
  this.timeout(60_000);
  let pool: pg.Pool;
  let runner: PostgresRunner;

  before(async () => {
    const fresh = await freshPostgresDatabase();
    if (fresh.database.kind !== 'postgresql') throw new Error('not PostgreSQL');
    pool = new pg.Pool({ connectionString: fresh.database.url, max: 2 });
    runner = new PostgresRunner(pool);
  });
  after(() => pool.end());

  it('are objects of the columns by name, with values as the driver parses them', async () => {
    const rows = await runner.all(
      'select 1 as "id", \'x\' as "title", null as "date", true as "active", 20::bigint as "big"',
      [],
    );
    expect(rows).to.deep.equal([{ id: 1, title: 'x', date: null, active: true, big: '20' }]);
  });

  it('take any column name as a key, quotes and backslashes and a JavaScript keyword too', async () => {
    const name = 'a "quoted" \\ name';
    const [row] = await runner.all(
      `select 1 as "${name.replace(/"/g, '""')}", 2 as "return", 3 as "__proto__"`,
      [],
    );
    expect(Object.keys(row ?? {})).to.deep.equal([name, 'return', '__proto__']);
    expect(row?.[name]).to.equal(1);
    expect(row?.return).to.equal(2);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).to.equal(3);
    expect(Object.getPrototypeOf(row)).to.equal(Object.prototype);
  });

  it('keep the last value of a column named twice, as the driver does', async () => {
    const [row] = await runner.all('select 1 as "id", 2 as "id"', []);
    expect(row).to.deep.equal({ id: 2 });
  });

  it('follow the columns of a statement whose table changed between runs', async () => {
    await runner.run('create table moving (id int)', []);
    await runner.run('insert into moving values (1)', []);
    expect(await runner.all('select * from moving', [])).to.deep.equal([{ id: 1 }]);
    await runner.run('alter table moving add column name text', []);
    // PostgreSQL refuses a prepared `select *` whose result changed; a new connection prepares it again.
    const other = new pg.Pool({ connectionString: pool.options.connectionString, max: 1 });
    try {
      const rows = await new PostgresRunner(other).all('select * from moving', []);
      expect(rows).to.deep.equal([{ id: 1, name: null }]);
    } finally {
      await other.end();
    }
  });

  it('are each their own object', async () => {
    const rows = await runner.all('select g as "id" from generate_series(1, 2) g', []);
    expect(rows).to.deep.equal([{ id: 1 }, { id: 2 }]);
    expect(rows[0]).to.not.equal(rows[1]);
  });
});
