import { expect } from 'chai';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { observedSqlPersistence } from '../../support/observed-persistence.js';
import { FRESH_SQL_DATABASES, type FreshDatabase } from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

/**
 * CONTRACT §12 and issue 60: a report is added up by the database in one statement after the
 * caller's change sequence (its version), however many records and groups it covers; with the
 * version still current, only the sequence is read.
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`statements a report runs (${name})`, function () {
    this.timeout(60_000);
    let fresh: FreshDatabase;
    let persistence: Persistence;
    let statements: string[];

    beforeEach(async () => {
      fresh = await open();
      ({ persistence, statements } = await observedSqlPersistence(fresh));
    });
    afterEach(async () => {
      await persistence.close();
      fresh.cleanup();
    });

    it('the change sequence, then one grouped statement; only the sequence when unchanged', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      const client = await right(session.clients.create({ name: 'c' }));
      for (let day = 1; day <= 9; day++)
        await right(
          session.times.create({ timeReally: 60, clientId: client.id, date: `2026-11-0${day} 09:00:00` }),
        );
      const reports: (() => Promise<unknown>)[] = [
        () => right(session.reports.times({ groupBy: 'client,week' })),
        () => right(session.reports.moneys({ groupBy: 'type' })),
        () => right(session.reports.tasks({ groupBy: 'status,month' })),
      ];
      for (const report of reports) {
        statements.length = 0;
        await report();
        expect(statements, statements.join('\n')).to.have.length(2);
        expect(statements[1]).to.match(/group by/i);
      }
      const first = await right(session.reports.times({ groupBy: 'day' }));
      expect(first.groups).to.have.length(9);
      statements.length = 0;
      await right(session.reports.timesIfChanged(first.version, { groupBy: 'day' }));
      expect(statements, statements.join('\n')).to.have.length(1);
    });
  });
}
