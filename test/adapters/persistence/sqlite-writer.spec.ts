import Database from 'better-sqlite3';
import { expect } from 'chai';
import type { SqlRunner } from '../../../adapters/persistence/mikro-orm/read/sql-runner.js';
import { SqliteRunner } from '../../../adapters/persistence/mikro-orm/read/sqlite-runner.js';
import { MAX_GROUP, SqliteWriter } from '../../../adapters/persistence/mikro-orm/write/sqlite-writer.js';
import { type FreshSqliteDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';

/** A connection whose COMMITs are counted, as the writer prepares them. */
const countingCommits = (database: Database.Database) => {
  const counted = { commits: 0 };
  const prepare = database.prepare.bind(database);
  // trust boundary: only `prepare` is replaced; the writer reads the rest of the connection as it is.
  const connection = new Proxy(database, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        const statement = prepare(sql);
        if (sql !== 'commit') return statement;
        return {
          run: () => {
            counted.commits += 1;
            return statement.run();
          },
        };
      };
    },
  }) as Database.Database;
  return { connection, counted };
};

describe('SqliteWriter: the one SQLite writer, with group commit', () => {
  let fresh: FreshSqliteDatabase;
  let file: string;
  let database: Database.Database;
  /** A second connection, as the read side has: it sees only what is committed. */
  let reader: Database.Database;
  let writer: SqliteWriter;
  let counted: { commits: number };

  beforeEach(async () => {
    fresh = await freshSqliteDatabase();
    file = fresh.database.path;
    database = new Database(file);
    database.pragma('journal_mode = WAL');
    database.exec('create table notes (id integer primary key, body text not null unique)');
    const counting = countingCommits(database);
    counted = counting.counted;
    writer = new SqliteWriter(counting.connection, new SqliteRunner(database));
    reader = new Database(file, { readonly: true });
  });

  afterEach(() => {
    reader.close();
    database.close();
    fresh.cleanup();
  });

  const stored = () => reader.prepare('select body from notes order by id').pluck().all();
  const insert = (body: string) => (tx: SqlRunner) => tx.run('insert into notes (body) values (?)', [body]);
  const failing = (body: string) => async (tx: SqlRunner) => {
    await tx.run('insert into notes (body) values (?)', [body]);
    throw new Error(`${body} failed`);
  };
  const [OK, FAILED] = ['fulfilled', 'rejected'] as const;
  /** Runs `works` as transactions begun in one turn of the loop: how each of them ended. */
  const outcomesOf = async (...works: ((tx: SqlRunner) => Promise<unknown>)[]) =>
    (await Promise.allSettled(works.map((work) => writer.transaction(work)))).map(
      (outcome) => outcome.status,
    );

  it('transactions begun in the same turn of the event loop commit once, together', async () => {
    const all = Promise.all(['a', 'b', 'c'].map((body) => writer.transaction(insert(body))));
    expect(stored(), 'nothing is committed before the turn ends').to.deep.equal([]);
    await all;
    expect(stored()).to.deep.equal(['a', 'b', 'c']);
    expect(counted.commits).to.equal(1);
  });

  it('answers a transaction only once it is committed, with what its work returned', async () => {
    const value = await writer.transaction(async (tx) => {
      await tx.run('insert into notes (body) values (?)', ['kept']);
      return 42;
    });
    expect(value).to.equal(42);
    expect(stored()).to.deep.equal(['kept']);
  });

  it('transactions of different turns commit each on their own', async () => {
    await writer.transaction(insert('first'));
    await writer.transaction(insert('second'));
    expect(counted.commits).to.equal(2);
  });

  it(`commits at most ${MAX_GROUP} transactions together`, async () => {
    const count = MAX_GROUP * 2 + 1;
    await Promise.all(Array.from({ length: count }, (_, i) => writer.transaction(insert(`note ${i}`))));
    expect(stored()).to.have.length(count);
    expect(counted.commits).to.equal(3);
  });

  it('a failing transaction in a group takes back only its own writes', async () => {
    expect(await outcomesOf(insert('a'), failing('b'), insert('c'))).to.deep.equal([OK, FAILED, OK]);
    expect(stored()).to.deep.equal(['a', 'c']);
  });

  it('a failing first transaction of a group leaves the next ones to commit', async () => {
    expect(await outcomesOf(failing('a'), insert('b'), insert('c'))).to.deep.equal([FAILED, OK, OK]);
    expect(stored()).to.deep.equal(['b', 'c']);
  });

  it('a statement that fails (a unique constraint) fails only its own transaction', async () => {
    await writer.transaction(insert('taken'));
    expect(await outcomesOf(insert('a'), insert('taken'), insert('b'))).to.deep.equal([OK, FAILED, OK]);
    expect(stored()).to.deep.equal(['taken', 'a', 'b']);
  });

  it('when the whole transaction ends under a member, the group before it fails and the rest commit', async () => {
    // What SQLite does on a full disk or an I/O error: the transaction is rolled back, not the statement.
    const endsTheTransaction = async (tx: SqlRunner) => {
      await tx.run('insert into notes (body) values (?)', ['b']);
      database.exec('rollback');
      throw new Error('disk I/O error');
    };
    const outcomes = await Promise.allSettled([
      writer.transaction(insert('a')),
      writer.transaction(endsTheTransaction),
      writer.transaction(insert('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).to.deep.equal([FAILED, FAILED, OK]);
    const [first] = outcomes;
    expect(first?.status === 'rejected' && String(first.reason)).to.contain('disk I/O error');
    expect(stored()).to.deep.equal(['c']);
  });

  it('a statement outside any transaction runs after the open group has committed', async () => {
    const transaction = writer.transaction(insert('a'));
    const seen = await writer.statement(async () => ({
      inTransaction: database.inTransaction,
      committed: stored(),
    }));
    await transaction;
    expect(seen).to.deep.equal({ inTransaction: false, committed: ['a'] });
  });

  it('holds the write lock only while transactions run, never across a turn of the event loop', async () => {
    // Another connection in this process waits for the lock synchronously: the loop cannot commit meanwhile.
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    try {
      const written = writer.transaction(insert('a'));
      await new Promise((resolve) => setImmediate(resolve));
      other.prepare('insert into notes (body) values (?)').run('from another connection');
      await written;
    } finally {
      other.close();
    }
    expect(stored()).to.deep.equal(['a', 'from another connection']);
  });

  it('a work that waits on a timer holds its turn: the next runs after it, in the same order', async () => {
    const order: string[] = [];
    await Promise.all([
      writer.transaction(async (tx) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.run('insert into notes (body) values (?)', ['slow']);
        order.push('slow');
      }),
      writer.transaction(async (tx) => {
        await tx.run('insert into notes (body) values (?)', ['quick']);
        order.push('quick');
      }),
    ]);
    expect(order).to.deep.equal(['slow', 'quick']);
    expect(stored()).to.deep.equal(['slow', 'quick']);
  });
});
