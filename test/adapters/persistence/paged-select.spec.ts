import { expect } from 'chai';
import { pagedSelect } from '../../../adapters/persistence/mikro-orm/read/paged-select.js';
import type { Row, SqlRunner, SqlValue } from '../../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { POSTGRESQL, SQLITE } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';

/** Answers every page with `rows` and every count with 0, keeping what it was sent. */
class RecordingRunner implements SqlRunner {
  readonly sent: { sql: string; params: readonly SqlValue[] }[] = [];
  constructor(private readonly rows: Row[] = []) {}
  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    this.sent.push({ sql, params });
    return this.rows;
  }
  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    this.sent.push({ sql, params });
    return { total: 0 };
  }
  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    this.sent.push({ sql, params });
  }
}

const SELECT = {
  columns: 'r.id',
  from: 'from records r where r.owner_id = ?',
  params: [7],
  order: [{ column: 'r.id', direction: 'asc', kind: 'number' }] as const,
  map: (row: Row) => row,
};
const RUNS = {
  table: 'records r',
  id: 'r.id',
  idIn: SQLITE.idIn,
  merge: 'as-subqueries' as const,
  countInOrder: true,
  list: [
    { from: 'from records r where r.owner_id = ?', params: [7], orderBy: 'order by r.id asc' },
    { from: 'from records r where r.assignee_id = ?', params: [7], orderBy: 'order by r.id asc' },
  ],
};
const SHAPES = {
  'one selection counted to the horizon': SELECT,
  'runs merged and counted to the horizon': { ...SELECT, runs: RUNS },
  'runs merged with a kept total': {
    ...SELECT,
    runs: RUNS,
    exactTotal: { sql: 'select 3 as total', params: [] },
  },
};

describe('paged select: row counts are bound behind a cast', () => {
  // Bare (`limit ?`), SQLite's planner reads the bound value and prepares the statement again at
  // every run: a third of a 50-row page's cost, measured by the benchmark.
  for (const [shape, select] of Object.entries(SHAPES)) {
    it(`never binds a bare limit or offset (${shape})`, async () => {
      const runner = new RecordingRunner();
      await pagedSelect(runner, select, { limit: 50, offset: 100 }, 1000);
      const statements = runner.sent.map((statement) => statement.sql);
      expect(statements.join('\n')).to.not.match(/\b(limit|offset) \?/);
      expect(
        statements.some((sql) => sql.includes('limit cast(? as bigint) offset cast(? as bigint)')),
      ).to.equal(true);
    });
  }

  it('binds each run and count stopping past the page, the count first, as one statement', async () => {
    const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
    const page = await pagedSelect(runner, { ...SELECT, runs: RUNS }, { limit: 50, offset: 100 }, 1000);
    expect(runner.sent).to.have.length(1);
    // Each run and the page read one row past the page: it tells whether another page follows.
    expect(runner.sent[0]?.params).to.deep.equal([7, 1150, 7, 1150, 7, 151, 7, 151, 51, 100]);
    expect(page.total).to.equal(3);
  });

  it('counts each run along its own order only where the dialect asks it', async () => {
    const sqlOf = async (countInOrder: boolean) => {
      const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
      const runs = { ...RUNS, countInOrder };
      await pagedSelect(runner, { ...SELECT, runs }, { limit: 50, offset: 0 }, 1000);
      return runner.sent[0]?.sql ?? '';
    };
    const inOrder =
      'count(*) from (select 1 from records r where r.owner_id = ? order by r.id asc limit cast(? as bigint)) run)';
    const free = 'count(*) from (select 1 from records r where r.owner_id = ? limit cast(? as bigint)) run)';
    // SQLite, free of the order, may walk another index at random; PostgreSQL's generic plan, held to
    // it, walks the primary key over every owner's rows.
    expect(await sqlOf(true)).to.include(inOrder);
    expect(await sqlOf(false)).to.include(free);
    expect(SQLITE.countsRunsInOrder).to.equal(true);
    expect(POSTGRESQL.countsRunsInOrder).to.equal(false);
  });

  it('counts on its own only when the page has no rows to carry the total', async () => {
    const runner = new RecordingRunner([]);
    const page = await pagedSelect(runner, { ...SELECT, runs: RUNS }, { limit: 50, offset: 100 }, 1000);
    expect(runner.sent).to.have.length(2);
    // The count alone: no page of rows again.
    expect(runner.sent[1]?.sql).to.include('count(*)');
    expect(runner.sent[1]?.sql).to.not.include('offset');
    expect(runner.sent[1]?.params).to.deep.equal([7, 1150, 7, 1150]);
    expect(page.total).to.equal(0);
  });
});

describe('paged select: a deep page picks its ids before reading rows', () => {
  it('merges the runs as ids alone, cuts them to the page, and reads only the page’s rows', async () => {
    const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
    await pagedSelect(runner, { ...SELECT, runs: RUNS }, { limit: 50, offset: 9950 }, 1000);
    const sql = runner.sent[0]?.sql ?? '';
    // The rows are read by the ids of one page; the offset is applied to ids, never to rows.
    expect(sql).to.match(
      /from records r where r\.id in \(select id from \(.* union all .* order by id asc limit cast\(\? as bigint\) offset cast\(\? as bigint\)\) runs\) order by r\.id asc$/,
    );
    expect(sql).to.include('select * from (select r.id as id from records r where r.owner_id = ?');
  });

  it('merges bare arms of the compound where the database merges those, each bound once', async () => {
    const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
    const runs = { ...RUNS, merge: 'as-arms' as const };
    await pagedSelect(runner, { ...SELECT, runs }, { limit: 50, offset: 9950 }, 1000);
    const sql = runner.sent[0]?.sql ?? '';
    expect(sql).to.include(
      'where r.id in (select id from (select r.id as id from records r where r.owner_id = ? union all ' +
        'select r.id as id from records r where r.assignee_id = ? order by id asc limit cast(? as bigint) offset cast(? as bigint)) runs)',
    );
    // The count's runs stop at the horizon; the page's arms have no limit of their own.
    expect(runner.sent[0]?.params).to.deep.equal([7, 11000, 7, 11000, 7, 7, 51, 9950]);
  });

  it('starts each run right after the key of a page asked by cursor, with no offset', async () => {
    const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
    await pagedSelect(runner, { ...SELECT, runs: RUNS }, { limit: 50, offset: 0, after: [4200] }, 1000);
    const sql = runner.sent[0]?.sql ?? '';
    expect(sql).to.include('where r.owner_id = ? and (r.id > ?) order by r.id asc limit');
    expect(sql).to.include('where r.assignee_id = ? and (r.id > ?) order by r.id asc limit');
    expect(runner.sent[0]?.params).to.deep.equal([7, 1050, 7, 1050, 7, 4200, 51, 7, 4200, 51, 51, 0]);
  });

  it('gives out the last row’s key only when a row past the page was read', async () => {
    const rows = [1, 2, 3].map((id) => ({ id, sort_key_0: id, page_total: 3 }));
    const full = await pagedSelect(new RecordingRunner(rows), SELECT, { limit: 2, offset: 0 }, 1000);
    expect(full.items).to.have.length(2);
    expect(full.next).to.deep.equal([2]);
    const last = await pagedSelect(new RecordingRunner(rows), SELECT, { limit: 3, offset: 0 }, 1000);
    expect(last.next).to.equal(null);
  });

  it('picks the columns the list is ordered by beside each id, to merge without reading rows', async () => {
    const runner = new RecordingRunner([{ id: 1, page_total: 3 }]);
    const order = [
      { column: 'r.date', direction: 'desc', nullable: true, kind: 'text' },
      { column: 'r.id', direction: 'asc', kind: 'number' },
    ] as const;
    await pagedSelect(runner, { ...SELECT, order, runs: RUNS }, { limit: 50, offset: 0 }, 1000);
    const sql = runner.sent[0]?.sql ?? '';
    expect(sql).to.include('select r.id as id, r.date as k0 from records r');
    expect(sql).to.include(') run order by k0 desc nulls last, id asc limit');
  });
});
