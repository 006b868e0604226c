import Database from 'better-sqlite3';
import { expect } from 'chai';
import pg from 'pg';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { PostgresRunner } from '../../../adapters/persistence/mikro-orm/read/postgres-runner.js';
import type { SqlRunner } from '../../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { SqliteRunner } from '../../../adapters/persistence/mikro-orm/read/sqlite-runner.js';
import { LATEST_RECORD_TABLES } from '../../../adapters/persistence/mikro-orm/schemas/client-latest-record.schemas.js';
import { prepareSqliteConnection } from '../../../adapters/persistence/mikro-orm/sqlite-connection.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';

/**
 * The columns each table needs besides owner, client and times (all else has defaults or is
 * nullable). Flags are bound as 1: SQLite binds no booleans, and PostgreSQL reads '1' as true.
 */
const REQUIRED: Record<string, Record<string, unknown>> = {
  tasks: { client_task_id: 0, number_scope: 0, title: 't', priority: 0, status: 0, active: 1 },
  notes: { name: 'n', active: 1 },
  time_records: { time_really: 60 },
  money_records: { type: 1, price_cents: 100 },
};

/**
 * The kept rows are written by triggers, so these specs write with plain SQL, as a hand-written
 * script would, and hold the kept table to what aggregating the records gives, after every write.
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`each client's latest record per type, kept on write on ${name}`, function () {
    this.timeout(60_000);
    let runner: SqlRunner;
    let close: () => Promise<void>;
    let cleanup: () => void;
    let owner: number;
    const clients: number[] = [];
    let taskNumber = 0;

    const id = async (sql: string, params: unknown[]) =>
      Number((await runner.get(`${sql} returning id`, params as never[]))?.id);

    const insert = (table: string, clientId: number | null, createdAt: number) => {
      const columns: Record<string, unknown> = {
        ...REQUIRED[table],
        owner_id: owner,
        client_id: clientId,
        created_at: createdAt,
        updated_at: createdAt,
      };
      if (table === 'tasks') columns.client_task_id = ++taskNumber;
      const names = Object.keys(columns);
      return id(
        `insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`,
        Object.values(columns),
      );
    };

    /** What the kept table holds, and what it should: the newest record per client by (created_at, id). */
    const keptAndAggregated = async () => {
      const kept = await runner.all(
        'select client_id, record_type, record_id, created_at from client_latest_records order by client_id, record_type',
        [],
      );
      const aggregated: typeof kept = [];
      for (const client of clients)
        for (const [type, table] of Object.entries(LATEST_RECORD_TABLES).sort(([a], [b]) =>
          a.localeCompare(b),
        )) {
          const latest = await runner.get(
            `select client_id, '${type}' as record_type, id as record_id, created_at from ${table} ` +
              'where client_id = ? order by created_at desc, id desc limit 1',
            [client],
          );
          if (latest) aggregated.push(latest);
        }
      const plain = (rows: typeof kept) => rows.map((row) => Object.values(row).map(String).join('/'));
      return { kept: plain(kept), aggregated: plain(aggregated) };
    };

    const expectKeptRight = async (moment: string) => {
      const { kept, aggregated } = await keptAndAggregated();
      expect(kept, moment).to.deep.equal(aggregated);
    };

    before(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      await (await openSqlPersistence(opened.database, { migrate: true })).close();
      const database = opened.database;
      if (database.kind === 'sqlite') {
        const connection = new Database(database.path);
        prepareSqliteConnection(connection);
        runner = new SqliteRunner(connection);
        close = async () => void connection.close();
      } else {
        const pool = new pg.Pool({ connectionString: database.url, max: 1 });
        runner = new PostgresRunner(pool);
        close = () => pool.end();
      }
      owner = await id('insert into users (name, timezone, created_at) values (?, ?, ?)', ['o', 'UTC', 0]);
      for (const clientName of ['a', 'b', 'c'])
        clients.push(
          await id(
            'insert into clients (owner_id, name, active, created_at, updated_at) values (?, ?, ?, ?, ?)',
            [owner, clientName, 1, 0, 0],
          ),
        );
    });
    after(async () => {
      await close();
      cleanup();
    });

    for (const [type, table] of Object.entries(LATEST_RECORD_TABLES)) {
      it(`follows ${table} (${type}) through inserts, moves, re-dating and deletes`, async () => {
        const [a, b] = clients as [number, number];
        const first = await insert(table, a, 1_000);
        const second = await insert(table, a, 2_000);
        // The same created_at: the larger id is the later.
        const tied = await insert(table, a, 2_000);
        await insert(table, null, 9_000);
        const older = await insert(table, b, 500);
        await expectKeptRight('after inserts, one of them dated earlier than the kept row');

        await runner.run(`update ${table} set client_id = ? where id = ?`, [b, tied]);
        await expectKeptRight('after the latest moved to another client');
        await runner.run(`update ${table} set created_at = ? where id = ?`, [100, tied]);
        await expectKeptRight('after the kept row was dated back behind the client’s other one');
        await runner.run(`update ${table} set created_at = ? where id = ?`, [5_000, first]);
        await expectKeptRight('after an older row was dated forward past the latest');
        await runner.run(`update ${table} set client_id = null where id = ?`, [first]);
        await expectKeptRight('after the latest was unlinked from its client');

        await runner.run(`delete from ${table} where id = ?`, [older]);
        await expectKeptRight('after a row that was not the latest was deleted');
        await runner.run(`delete from ${table} where id = ?`, [tied]);
        await runner.run(`delete from ${table} where id = ?`, [second]);
        await expectKeptRight('after the last rows of both clients were deleted');
        const left = await runner.all(
          'select client_id from client_latest_records where record_type = ? and client_id in (?, ?)',
          [type, a, b],
        );
        expect(left, 'a client without records of the type keeps no row').to.deep.equal([]);
      });
    }

    it('moves many rows in one statement and keeps every client right', async () => {
      const [a, b, c] = clients as [number, number, number];
      for (let n = 0; n < 6; n++) await insert('tasks', [a, b, c][n % 3] as number, 10_000 + n);
      await runner.run('update tasks set client_id = ? where client_id = ?', [c, a]);
      await expectKeptRight('after moving all of one client’s tasks to another');
      await runner.run('delete from tasks where client_id = ?', [c]);
      await expectKeptRight('after deleting all of one client’s tasks');
    });
  });
}
