import { readdirSync, readlinkSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/sql';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import { mikroOrmOptions } from '../../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { UTC } from '../../../domain/shared/time-zone.js';
import { freshPostgresDatabase, freshSqliteDatabase } from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

/** Reads and writes at once: every connection the persistence would open under load, it opens. */
const busy = async (persistence: Persistence): Promise<void> => {
  const writes = Array.from({ length: 20 }, (_, n) =>
    persistence.unitOfWork.run(async (r) =>
      E.right(await r.users.add({ name: `user ${n}`, timezone: UTC, createdAt: new Date(0) })),
    )(),
  );
  const reads = Array.from({ length: 40 }, () => persistence.health.isHealthy());
  const answers = await Promise.all([...writes, ...reads]);
  expect(
    answers.filter((answer) => answer === false || (typeof answer === 'object' && E.isLeft(answer))),
  ).to.have.length(0);
};

/** A PostgreSQL persistence on a fresh database, and a client of its own beside it (another instance). */
const onPostgres = async (work: (persistence: Persistence, other: pg.Client) => Promise<void>) => {
  const { database } = await freshPostgresDatabase();
  if (database.kind !== 'postgresql') throw new Error('not PostgreSQL');
  const persistence = await openSqlPersistence(database, { migrate: true });
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    await work(persistence, other);
  } finally {
    await other.end();
    await persistence.close();
  }
};

/** This process's open descriptors on `path` (each SQLite connection holds one on the file). */
const handlesOn = (path: string): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false;
    }
  }).length;

/** The connections of one persistence are MikroORM's, and no more than it is configured to open. */
describe('the connections a SQL persistence opens', function () {
  this.timeout(60_000);

  it('SQLite: two connections to the file, the writer and the read-only reader, and none once closed', async () => {
    const fresh = await freshSqliteDatabase();
    try {
      const persistence = await openSqlPersistence(fresh.database, { migrate: true });
      await busy(persistence);
      expect(handlesOn(fresh.database.path)).to.equal(2);
      await persistence.close();
      expect(handlesOn(fresh.database.path)).to.equal(0);
    } finally {
      fresh.cleanup();
    }
  });

  it('PostgreSQL: at most its pool of 10 and the job queue’s 4, under load', () =>
    onPostgres(async (persistence, observer) => {
      await busy(persistence);
      const { rows } = await observer.query<{ count: string }>(
        'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(Number(rows[0]?.count)).to.be.within(1, 14);
    }));

  it('PostgreSQL: each connection bounds its statements, and runs each in one server process', async () => {
    const { database } = await freshPostgresDatabase();
    const orm = await MikroORM.init(
      await mikroOrmOptions(database, undefined, { statementTimeoutMs: 5_000 }),
    );
    try {
      const connection = orm.em.getConnection();
      expect(await connection.execute('show max_parallel_workers_per_gather')).to.deep.equal([
        { max_parallel_workers_per_gather: '0' },
      ]);
      expect(await connection.execute('show statement_timeout')).to.deep.equal([{ statement_timeout: '5s' }]);
    } finally {
      await orm.close();
    }
  });

  it('PostgreSQL: a column another instance adds while this one runs breaks none of its prepared statements', () =>
    onPostgres(async (persistence, other) => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      const task = await right(session.tasks.create({ title: 'before' }));
      const touch = async () => {
        await right(session.tasks.get(task.id));
        await right(session.tasks.list());
        await right(session.tasks.update(task.id, { title: 'again' }));
      };
      for (let round = 0; round < 3; round++) await touch();
      await other.query('alter table tasks add column added_later integer');
      await touch();
    }));
});
