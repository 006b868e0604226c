import { expect } from 'chai';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';
import { onPostgres, onSqlite } from '../../support/workspace-invariants.js';
import { right } from '../../support/world.js';

/** The task indexes led by a reference a task may leave empty, and that reference. */
const SPARSE = {
  tasks_category_id_index: 'category_id',
  tasks_client_latest_index: 'client_id',
  tasks_assignee_visible_index: 'assignee_id',
  tasks_project_index: 'project_id',
} as const;

/**
 * migrations/sparse-reference-indexes.ts: a task with no category, client, assignee or project costs
 * those indexes no entry (a create writes four index entries fewer); one that has them is in each.
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`task indexes over an optional reference (${name})`, function () {
    this.timeout(60_000);

    it('hold only the tasks that have the reference', async () => {
      const fresh = await open();
      const persistence = await openSqlPersistence(fresh.database, { migrate: true });
      try {
        const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
        const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
        const bob = await right(workspace.users.create({ name: 'bob', timezone: 'UTC' }));
        const session = workspace.actingAs(alice.id);
        const client = await right(session.clients.create({ name: 'Acme' }));
        const project = await right(session.projects.create({ name: 'Site' }));
        const category = await right(session.categories.create({ name: 'Admin' }));
        for (let i = 0; i < 3; i++) await right(session.tasks.create({ title: `bare ${i}` }));
        await right(
          session.tasks.create({
            title: 'linked',
            clientId: client.id,
            projectId: project.id,
            categoryId: category.id,
            assigneeId: bob.id,
          }),
        );

        const { database } = fresh;
        if (database.kind === 'sqlite') {
          // dbstat counts an index's entries: the cells of its leaf pages.
          const entries = await onSqlite(database.path, (query) =>
            query(
              `select name, sum(ncell) as entries from dbstat where pagetype = 'leaf' and name in (${Object.keys(
                SPARSE,
              )
                .map((index) => `'${index}'`)
                .join(', ')}) group by name`,
            ),
          );
          expect(Object.fromEntries(entries.map((row) => [row.name, Number(row.entries)]))).to.deep.equal(
            Object.fromEntries(Object.keys(SPARSE).map((index) => [index, 1])),
          );
        } else {
          const definitions = await onPostgres(database.url, (query) =>
            query(`select indexname, indexdef from pg_indexes where tablename = 'tasks'`),
          );
          const byName = new Map(definitions.map((row) => [String(row.indexname), String(row.indexdef)]));
          for (const [index, reference] of Object.entries(SPARSE))
            expect(byName.get(index), index).to.match(new RegExp(`WHERE \\(${reference} IS NOT NULL\\)$`));
        }
      } finally {
        await persistence.close();
        fresh.cleanup();
      }
    });
  });
}
