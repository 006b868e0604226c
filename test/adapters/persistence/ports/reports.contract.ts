import { expect } from 'chai';
import type { TimesReportQuery } from '../../../../application/ports/report-read-model.port.js';
import type { Duration } from '../../../../domain/shared/duration.js';
import type { LocalDate } from '../../../../domain/shared/local-date-time.js';
import type { Money } from '../../../../domain/shared/money.js';
import type { UserId } from '../../../../domain/task/task.js';
import { TaskPriority } from '../../../../domain/task/task-priority.js';
import { TaskStatus } from '../../../../domain/task/task-status.js';
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

    it('adds up money exactly in cents by type, card and period, a card matching either side', async () => {
      const f = fixture();
      const alice = await f.addUser('alice');
      const [wallet, bank] = await Promise.all(
        ['wallet', 'bank'].map((name) =>
          f.write(async (r) => (await r.cards.add(alice, { name, description: null, active: true }, AT)).id),
        ),
      );
      if (wallet === undefined || bank === undefined) throw new Error('two cards');
      const money = (
        type: 1 | 2 | 3,
        price: number,
        card: number | null,
        toCard: number | null,
        date: string,
      ) =>
        f.write((r) =>
          r.moneys.add(
            alice,
            {
              ...NO_LINKS,
              type,
              price: price as Money,
              card,
              toCard,
              description: null,
              date: localDateTime(date),
            },
            AT,
          ),
        );
      // 0.1 + 0.2 is not 0.3 in binary floating point: sums are in cents.
      await money(1, 0.1, bank, null, '2026-11-01T00:00:00');
      await money(1, 0.2, bank, null, '2026-11-02T00:00:00');
      await money(2, 999_999_999_999.99, wallet, null, '2026-11-03T00:00:00');
      await money(3, 5, bank, wallet, '2026-12-01T00:00:00');
      const report = f.persistence.reportReadModel;
      expect(await report.moneys(alice, { groupBy: ['type'] }, 100)).to.deep.equal([
        { key: [1], records: 2, incomeCents: 30, expenseCents: 0, transferCents: 0 },
        { key: [2], records: 1, incomeCents: 0, expenseCents: 99_999_999_999_999, transferCents: 0 },
        { key: [3], records: 1, incomeCents: 0, expenseCents: 0, transferCents: 500 },
      ]);
      expect(await report.moneys(alice, { card: wallet, groupBy: ['month'] }, 100)).to.deep.equal([
        { key: ['2026-11'], records: 1, incomeCents: 0, expenseCents: 99_999_999_999_999, transferCents: 0 },
        { key: ['2026-12'], records: 1, incomeCents: 0, expenseCents: 0, transferCents: 500 },
      ]);
      expect(await report.moneys(alice, { type: 1, groupBy: ['card'] }, 100)).to.deep.equal([
        { key: [bank], records: 2, incomeCents: 30, expenseCents: 0, transferCents: 0 },
      ]);
    });

    it('adds up the tasks a user owns or is assigned, by status and priority, with the list’s filters', async () => {
      const f = fixture();
      const alice = await f.addUser('alice');
      const bob = await f.addUser('bob');
      await f.addTask(alice, {
        status: TaskStatus.New,
        priority: TaskPriority.Critical,
        timePlanned: 3600 as Duration,
      });
      await f.addTask(alice, {
        status: TaskStatus.Done,
        priority: TaskPriority.Critical,
        pricePlanned: 10.5 as Money,
      });
      await f.addTask(bob, { status: TaskStatus.InProgress, assigneeId: alice, timePlanned: 60 as Duration });
      await f.addTask(bob, { status: TaskStatus.Cancelled });
      const report = f.persistence.reportReadModel;
      const zero = { new: 0, inProgress: 0, done: 0, cancelled: 0 };
      expect(await report.tasks(alice, { groupBy: [] }, 100)).to.deep.equal([
        {
          key: [],
          tasks: 3,
          byStatus: { ...zero, new: 1, inProgress: 1, done: 1 },
          secondsPlanned: 3660,
          pricePlannedCents: 1050,
        },
      ]);
      const byStatus = await report.tasks(
        alice,
        { priority: TaskPriority.Critical, groupBy: ['status'] },
        100,
      );
      expect(byStatus.map((group) => [group.key, group.tasks])).to.deep.equal([
        [[TaskStatus.New], 1],
        [[TaskStatus.Done], 1],
      ]);
      expect(await report.tasks(bob, { search: 'nothing like it', groupBy: [] }, 100)).to.deep.equal([]);
    });
  });
