import { MikroORM } from '@mikro-orm/sql';
import type Database from 'better-sqlite3';
import { expect } from 'chai';
import { migrateUp } from '../../../adapters/persistence/mikro-orm/migrate.js';
import { mikroOrmOptions } from '../../../adapters/persistence/mikro-orm/mikro-orm-options.js';
import { searchPhrase } from '../../../adapters/persistence/mikro-orm/search-tokens.js';
import { prepareSqliteConnection } from '../../../adapters/persistence/mikro-orm/sqlite-connection.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';

/** The last migration before the kept counts and the search index (per dialect). */
const BEFORE = { sqlite: 'Migration20261123062857', postgresql: 'Migration20261123062858' } as const;
/** The last migration before the change log's backfill. */
const BEFORE_LOG_BACKFILL = {
  sqlite: 'Migration20261125100000',
  postgresql: 'Migration20261125100001',
} as const;
/** The last migration before the one that drops the search index again. */
const BEFORE_SEARCH_DROPPED = {
  sqlite: 'Migration20261123081427',
  postgresql: 'Migration20261123081430',
} as const;

for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`migrations on ${name}: what existing data already says is carried into the kept state`, function () {
    this.timeout(60_000);

    it('counts standing completions and rows per owner; each search index is built from the text there is', async () => {
      const { database, cleanup } = await open();
      const orm = await MikroORM.init(await mikroOrmOptions(database));
      try {
        await orm.migrator.up({ to: BEFORE[database.kind] });
        const run = (sql: string, params: unknown[] = []) =>
          orm.em.getConnection().execute(sql, params, 'all');
        const active = database.kind === 'sqlite' ? 1 : true;
        await run("insert into users (id, name, timezone, created_at) values (1, 'alice', 'UTC', 0)");
        await run(
          'insert into gamification_profiles (user_id, total_points, best_streak_days) values (1, 60, 2)',
        );
        for (const [id, title] of [
          [1, 'Quarterly report'],
          [2, 'Renew passport'],
          [3, 'Call the bank'],
        ] as const) {
          await run(
            'insert into tasks (id, owner_id, client_task_id, number_scope, title, priority, status, active, ' +
              'created_at, updated_at, version) values (?, 1, ?, 0, ?, 0, 2, ?, 0, 0, 1)',
            [id, id, title, active],
          );
        }
        await run(
          "insert into notes (id, owner_id, name, active, created_at, updated_at) values (5, 1, 'Passport photos', ?, 0, 0)",
          [active],
        );
        const completion = (task: number, day: string, revoked: number | null) =>
          run(
            'insert into task_completions (user_id, task_id, day, points, completed_at, revoked_at) values (1, ?, ?, 20, 0, ?)',
            [task, day, revoked],
          );
        await completion(1, '2026-03-01', null);
        await completion(2, '2026-03-02', null);
        await completion(3, '2026-03-02', null);
        await completion(3, '2026-03-01', 5);

        // As the service migrates: on a connection given the functions the migrations call.
        await migrateUp(orm, database.kind);

        const [profile] = await run(
          'select standing_completions from gamification_profiles where user_id = 1',
        );
        expect(Number(profile?.standing_completions)).to.equal(3);
        const days = await run('select day, standing from completion_days where user_id = 1 order by day');
        expect(days.map((d) => [d.day, Number(d.standing)])).to.deep.equal([
          ['2026-03-01', 1],
          ['2026-03-02', 2],
        ]);
        const [counted] = await run(
          "select row_count from owner_row_counts where owner_id = 1 and table_name = 'tasks'",
        );
        expect(Number(counted?.row_count)).to.equal(3);
        const trigramTables = () =>
          database.kind === 'sqlite'
            ? run("select name from sqlite_master where name in ('tasks_search', 'notes_search')")
            : run(
                "select tablename as name from pg_tables where tablename in ('tasks_search', 'notes_search')",
              );
        expect(await trigramTables()).to.deep.equal([]);
        if (database.kind === 'sqlite') {
          // The per-user index is filled from the tasks already there.
          const found = await run('select rowid as id from task_search where task_search match ?', [
            searchPhrase(1, 'PASSPORT'),
          ]);
          expect(found.map((row) => Number(row.id))).to.deep.equal([2]);
          const noted = await run('select rowid as id from note_search where note_search match ?', [
            searchPhrase(1, 'photo'),
          ]);
          expect(noted.map((row) => Number(row.id))).to.deep.equal([5]);
        }

        // Taking back the drop (and whatever came after it) builds the index again from the text there is.
        await orm.migrator.down({ to: BEFORE_SEARCH_DROPPED[database.kind] });
        const found =
          database.kind === 'sqlite'
            ? await run(`select rowid as id from tasks_search where tasks_search match '"passport"'`)
            : await run("select id from tasks_search where title like '%passport%'");
        expect(found.map((row) => Number(row.id))).to.deep.equal([2]);
      } finally {
        await orm.close(true);
        cleanup();
      }
    });
    it('logs every record written before the change log, after what each user’s log already holds', async () => {
      const { database, cleanup } = await open();
      const orm = await MikroORM.init(await mikroOrmOptions(database));
      try {
        // The tasks' search triggers call the functions a service connection has.
        if (database.kind === 'sqlite')
          // trust boundary: @mikro-orm/sqlite's native client is its better-sqlite3 database.
          prepareSqliteConnection((await orm.em.getConnection().getNativeClient()) as Database.Database);
        await orm.migrator.up({ to: BEFORE_LOG_BACKFILL[database.kind] });
        const run = (sql: string, params: unknown[] = []) =>
          orm.em.getConnection().execute(sql, params, 'all');
        const active = database.kind === 'sqlite' ? 1 : true;
        for (const [id, name] of [
          [1, 'alice'],
          [2, 'bob'],
        ] as const)
          await run("insert into users (id, name, timezone, created_at) values (?, ?, 'UTC', 0)", [id, name]);
        const task = (id: number, assignee: number | null) =>
          run(
            'insert into tasks (id, owner_id, client_task_id, number_scope, title, priority, status, active, ' +
              "assignee_id, created_at, updated_at, version) values (?, 1, ?, 0, 't', 0, 0, ?, ?, 0, 7, 1)",
            [id, id, active, assignee],
          );
        await task(1, null);
        await task(2, 2);
        await run(
          "insert into clients (id, owner_id, name, active, created_at, updated_at) values (3, 1, 'c', ?, 0, 5)",
          [active],
        );
        // One change the log already holds (written after it existed).
        await run(
          "insert into change_log (user_id, seq, resource, record_id, operation, changed_at) values (1, 1, 'tasks', 1, 'updated', 9)",
        );
        await run('insert into change_sequences (user_id, last_seq) values (1, 1)');

        await migrateUp(orm, database.kind);

        const logOf = async (user: number) =>
          (
            await run(
              'select seq, resource, record_id, operation, changed_at from change_log where user_id = ? order by seq',
              [user],
            )
          ).map((row) => [
            Number(row.seq),
            row.resource,
            Number(row.record_id),
            row.operation,
            Number(row.changed_at),
          ]);
        expect(await logOf(1)).to.deep.equal([
          [1, 'tasks', 1, 'updated', 9],
          [2, 'tasks', 1, 'created', 7],
          [3, 'tasks', 2, 'created', 7],
          [4, 'clients', 3, 'created', 5],
        ]);
        expect(await logOf(2)).to.deep.equal([[1, 'tasks', 2, 'created', 7]]);
        // Each user's latest seq: PostgreSQL's sequence rows; SQLite's log (its table went later).
        const sequences = await run(
          database.kind === 'postgresql'
            ? 'select user_id, last_seq from change_sequences order by user_id'
            : 'select user_id, max(seq) as last_seq from change_log group by user_id order by user_id',
        );
        expect(sequences.map((row) => [Number(row.user_id), Number(row.last_seq)])).to.deep.equal([
          [1, 4],
          [2, 1],
        ]);
      } finally {
        await orm.close(true);
        cleanup();
      }
    });
  });
}
