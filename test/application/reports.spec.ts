import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { logMinuteDaily } from '../support/builders.js';
import { left, openWorld, right, type World } from '../support/world.js';

/** CONTRACT §12 through the library: `session.reports`, decoded and scoped as every operation. */
describe('the library: session.reports', () => {
  let world: World;
  let alice: UserSession;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
  });

  afterEach(() => world.close());

  it('adds up time by the keys a host names, with totals and a version', async () => {
    const client = await right(alice.clients.create({ name: 'Acme' }));
    await right(alice.times.create({ timeReally: 3600, clientId: client.id, date: '2026-11-02 09:00:00' }));
    await right(alice.times.create({ timeReally: 600, date: '2026-11-03 09:00:00' }));
    const report = await right(alice.reports.times({ groupBy: 'client, month' }));
    expect(report.groupBy).to.deep.equal(['client', 'month']);
    expect(report.groups).to.deep.equal([
      { key: [client.id, '2026-11'], records: 1, seconds: 3600 },
      { key: [null, '2026-11'], records: 1, seconds: 600 },
    ]);
    expect(report.totals).to.deep.equal({ records: 2, seconds: 4200 });
    const again = await right(alice.reports.timesIfChanged(report.version, { groupBy: 'client,month' }));
    expect(again).to.deep.equal({ unchanged: true, version: report.version });
  });

  it('decodes what a host passes: a bad key is ValidationFailed on groupBy', async () => {
    const failure = await left(alice.reports.times({ groupBy: 'client,planet' }));
    expect(failure).to.deep.include({ _tag: 'ValidationFailed', code: 'VALIDATION_ERROR' });
    expect(failure._tag === 'ValidationFailed' && failure.details[0]?.field).to.equal('groupBy');
  });

  it('needs times:read on a key session', async () => {
    const refused = await right(world.workspace.authenticate(await world.key('alice', 'tasks:read')));
    expect(await left(refused.reports.times())).to.deep.include({
      _tag: 'InsufficientScope',
      needed: 'times:read',
    });
  });

  it('refuses a report of more than 10,000 groups as ReportTooLarge (HTTP: 400 REPORT_TOO_LARGE)', async () => {
    await logMinuteDaily(world.harness, alice.userId, 10_001);
    expect(await left(alice.reports.times({ groupBy: 'day' }))).to.deep.equal({
      _tag: 'ReportTooLarge',
      maxGroups: 10_000,
    });
    expect((await right(alice.reports.times({ groupBy: 'month' }))).groups).to.have.length(329);
  });
});
