import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Period } from '../../domain/report/periods.js';
import type { UserId } from '../../domain/task/task.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import type {
  Group,
  MoneyReportKey,
  MoneysFigures,
  TaskReportKey,
  TasksFigures,
  TimeReportKey,
  TimesFigures,
} from '../ports/report-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, ReportTooLarge, ValidationFailed } from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type Versioned,
  type VersionedRead,
} from '../shared/list-version.js';
import { query } from '../shared/read.js';
import { groupKeysIn } from './report.codecs.js';

/** A report answers at most this many groups; more is `ReportTooLarge` (CONTRACT §12). */
export const MAX_REPORT_GROUPS = 10_000;

export type ReportError = ValidationFailed | ReportTooLarge | InfrastructureError;

export interface Report<K extends string, M> {
  readonly groupBy: readonly (K | Period)[];
  readonly groups: readonly Group<M>[];
  /** The sum of the groups. */
  readonly totals: M;
}

export type TimesReport = Report<TimeReportKey, TimesFigures>;
export type MoneysReport = Report<MoneyReportKey, MoneysFigures>;
export type TasksReport = Report<TaskReportKey, TasksFigures>;

/** How one report's figures add up: nothing yet, and two groups' together. */
export interface Figures<M> {
  readonly zero: M;
  readonly add: (a: M, b: M) => M;
}

export const TIMES_FIGURES: Figures<TimesFigures> = {
  zero: { records: 0, seconds: 0 },
  add: (a, b) => ({ records: a.records + b.records, seconds: a.seconds + b.seconds }),
};

export const MONEYS_FIGURES: Figures<MoneysFigures> = {
  zero: { records: 0, incomeCents: 0, expenseCents: 0, transferCents: 0 },
  add: (a, b) => ({
    records: a.records + b.records,
    incomeCents: a.incomeCents + b.incomeCents,
    expenseCents: a.expenseCents + b.expenseCents,
    transferCents: a.transferCents + b.transferCents,
  }),
};

export const TASKS_FIGURES: Figures<TasksFigures> = {
  zero: {
    tasks: 0,
    byStatus: { new: 0, inProgress: 0, done: 0, cancelled: 0 },
    secondsPlanned: 0,
    pricePlannedCents: 0,
  },
  add: (a, b) => ({
    tasks: a.tasks + b.tasks,
    byStatus: {
      new: a.byStatus.new + b.byStatus.new,
      inProgress: a.byStatus.inProgress + b.byStatus.inProgress,
      done: a.byStatus.done + b.byStatus.done,
      cancelled: a.byStatus.cancelled + b.byStatus.cancelled,
    },
    secondsPlanned: a.secondsPlanned + b.secondsPlanned,
    pricePlannedCents: a.pricePlannedCents + b.pricePlannedCents,
  }),
};

/** Reads a report's groups for `userId`: its filters as decoded and its keys, at most `limit` groups. */
export type ReadGroups<B, K extends string, M> = (
  userId: UserId,
  query: Omit<B, 'groupBy'> & { readonly groupBy: readonly (K | Period)[] },
  limit: number,
) => Promise<readonly Group<M>[]>;

const tooLarge: ReportTooLarge = { _tag: 'ReportTooLarge', maxGroups: MAX_REPORT_GROUPS };

/**
 * A report of the caller's records (CONTRACT §12): those its list shows with the same filters,
 * grouped by the keys asked for and added up by the store; versioned as the list is, so an
 * unchanged report costs only its version.
 */
export class ReportOf<B extends { readonly groupBy?: string }, K extends string, M> {
  constructor(
    private readonly resource: ChangeResource,
    private readonly groups: ReadGroups<B, K, M>,
    private readonly figures: Figures<M>,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: B): TE.TaskEither<ReportError, Versioned<Report<K, M>>> {
    return readVersioned(this.read(actor, input));
  }

  /** As `execute`, or `Unchanged` without adding anything up while `version` is still the report's. */
  executeUnless(
    actor: Actor,
    input: B,
    version: string | undefined,
  ): TE.TaskEither<ReportError, Versioned<Report<K, M>> | Unchanged> {
    return readVersionedUnless(this.read(actor, input), version);
  }

  private read(actor: Actor, input: B): VersionedRead<ReportError, Report<K, M>> {
    const { groupBy: list, ...filters } = input;
    const groupBy = groupKeysIn<K>(list);
    const { zero, add } = this.figures;
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: this.resource,
      query: { report: this.resource, ...input },
      page: () =>
        pipe(
          query(() => this.groups(actor.userId, { ...filters, groupBy }, MAX_REPORT_GROUPS + 1)),
          TE.filterOrElseW(
            (groups) => groups.length <= MAX_REPORT_GROUPS,
            (): ReportError => tooLarge,
          ),
          TE.map((groups) => ({ groupBy, groups, totals: groups.reduce(add, zero) })),
        ),
    };
  }
}
