import { expect } from 'chai';
import type { TimesReportQuery } from '../../../../application/ports/report-read-model.port.js';
import type { Duration } from '../../../../domain/shared/duration.js';
import type { LocalDate } from '../../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../../domain/task/task.js';
import { localDateTime } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, type PortFixture, portSuite } from './port-fixture.js';

type Links = {
  clientId: number | null;
  projectId: number | null;
  taskId: number | null;
  categoryId: number | null;
};
const NO_LINKS: Links = { clientId: null, projectId: null, taskId: null, categoryId: null };
const ALL: TimesReportQuery = { groupBy: [] };

const logTime = (
  { write }: PortFixture,
  ownerId: UserId,
  seconds: number,
  date: string | null,
  links: Partial<Links> = {},
) =>
  write((r) =>
    r.times.add(
      ownerId,
      {
        ...NO_LINKS,
        ...links,
        timeReally: seconds as Duration,
        description: null,
        date: date === null ? null : localDateTime(date),
      },
      AT,
    ),
  );

const addClient = ({ write }: PortFixture, ownerId: UserId, name: string) =>
  write(
    async (r) =>
      (await r.clients.add(ownerId, { name, email: null, phone: null, description: null, active: true }, AT))
        .id,
  );

/** The report read model: totals added up where the records are, the same on every adapter. */
export const reportReadModelContract = (factory: HarnessFactory): void =>
  portSuite('ReportReadModel', factory, (fixture) => {
    it('adds up one owner’s time in groups of references and periods, ordered by key, nulls last', async () => {
      const f = fixture();
      const alice = await f.addUser('alice');
      const bob = await f.addUser('bob');
      const acme = await addClient(f, alice, 'Acme');
      const zeta = await addClient(f, alice, 'Zeta');
      await logTime(f, alice, 3600, '2026-10-30T09:00:00', { clientId: zeta });
      await logTime(f, alice, 1800, '2026-11-02T09:00:00', { clientId: zeta });
      await logTime(f, alice, 7200, '2026-11-20T23:59:59', { clientId: acme });
      await logTime(f, alice, 60, null, { clientId: acme });
      await logTime(f, alice, 300, '2026-11-01T00:00:00');
      await logTime(f, bob, 999, '2026-11-01T00:00:00');
      const report = f.persistence.reportReadModel;
      expect(await report.times(alice, { groupBy: ['client', 'month'] }, 100)).to.deep.equal([
        { key: [acme, '2026-11'], records: 1, seconds: 7200 },
        { key: [acme, null], records: 1, seconds: 60 },
        { key: [zeta, '2026-10'], records: 1, seconds: 3600 },
        { key: [zeta, '2026-11'], records: 1, seconds: 1800 },
        { key: [null, '2026-11'], records: 1, seconds: 300 },
      ]);
      expect(await report.times(alice, ALL, 100)).to.deep.equal([{ key: [], records: 5, seconds: 12_960 }]);
      expect(await report.times(alice, { groupBy: ['year'] }, 100)).to.deep.equal([
        { key: ['2026'], records: 4, seconds: 12_900 },
        { key: [null], records: 1, seconds: 60 },
      ]);
    });

    it('spells days and ISO weeks as ISO 8601 does, a week of January in the year before', async () => {
      const f = fixture();
      const alice = await f.addUser('alice');
      for (const date of ['2021-01-03T10:00:00', '2024-12-30T10:00:00', '2026-06-15T08:00:00'])
        await logTime(f, alice, 60, date);
      const report = f.persistence.reportReadModel;
      const keys = async (groupBy: TimesReportQuery['groupBy']) =>
        (await report.times(alice, { groupBy }, 100)).map((group) => group.key);
      expect(await keys(['week'])).to.deep.equal([['2020-W53'], ['2025-W01'], ['2026-W25']]);
      expect(await keys(['day'])).to.deep.equal([['2021-01-03'], ['2024-12-30'], ['2026-06-15']]);
    });

    it('covers the records the list shows with the same filters, and answers at most `limit` groups', async () => {
      const f = fixture();
      const alice = await f.addUser('alice');
      const acme = await addClient(f, alice, 'Acme');
      await logTime(f, alice, 100, '2026-11-01T00:00:00', { clientId: acme });
      await logTime(f, alice, 200, '2026-11-30T23:59:59', { clientId: acme });
      await logTime(f, alice, 400, '2026-12-01T00:00:00', { clientId: acme });
      await logTime(f, alice, 800, null, { clientId: acme });
      await logTime(f, alice, 1600, '2026-11-15T00:00:00');
      const report = f.persistence.reportReadModel;
      const november = {
        clientId: acme,
        dateFrom: '2026-11-01' as LocalDate,
        dateTo: '2026-11-30' as LocalDate,
      };
      const list = await f.persistence.recordReadModel.times(alice, { ...november, limit: 100, offset: 0 });
      expect(await report.times(alice, { ...november, groupBy: [] }, 100)).to.deep.equal([
        { key: [], records: list.items.length, seconds: 300 },
      ]);
      expect(await report.times(alice, { groupBy: ['day'] }, 2)).to.have.length(2);
      expect(await report.times(alice, { taskId: 1, groupBy: [] }, 100)).to.deep.equal([]);
    });
  });
