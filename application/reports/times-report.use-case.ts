import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Period } from '../../domain/report/periods.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { ReportReadModel, TimeReportKey, TimesGroup } from '../ports/report-read-model.port.js';
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
import { groupKeysIn, type TimesReportBody } from './report.codecs.js';

/** A report answers at most this many groups; more is `ReportTooLarge` (CONTRACT §12). */
export const MAX_REPORT_GROUPS = 10_000;

export type ReportError = ValidationFailed | ReportTooLarge | InfrastructureError;

export interface TimesTotals {
  readonly records: number;
  readonly seconds: number;
}

export interface TimesReport {
  readonly groupBy: readonly (TimeReportKey | Period)[];
  readonly groups: readonly TimesGroup[];
  /** The sum of the groups. */
  readonly totals: TimesTotals;
}

const tooLarge: ReportTooLarge = { _tag: 'ReportTooLarge', maxGroups: MAX_REPORT_GROUPS };

/**
 * The caller's time records added up (CONTRACT §12): those the times list shows with the same
 * filters, grouped by the keys asked for; versioned as the list is, so an unchanged report costs
 * only its version.
 */
export class TimesReportOf {
  constructor(
    private readonly reports: ReportReadModel,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: TimesReportBody): TE.TaskEither<ReportError, Versioned<TimesReport>> {
    return readVersioned(this.read(actor, input));
  }

  /** As `execute`, or `Unchanged` without adding anything up while `version` is still the report's. */
  executeUnless(
    actor: Actor,
    input: TimesReportBody,
    version: string | undefined,
  ): TE.TaskEither<ReportError, Versioned<TimesReport> | Unchanged> {
    return readVersionedUnless(this.read(actor, input), version);
  }

  private read(actor: Actor, input: TimesReportBody): VersionedRead<ReportError, TimesReport> {
    const groupBy = groupKeysIn<TimeReportKey>(input.groupBy);
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: 'times',
      query: { report: 'times', ...input },
      page: () =>
        pipe(
          query(() => this.reports.times(actor.userId, { ...input, groupBy }, MAX_REPORT_GROUPS + 1)),
          TE.filterOrElseW(
            (groups) => groups.length <= MAX_REPORT_GROUPS,
            (): ReportError => tooLarge,
          ),
          TE.map((groups) => ({
            groupBy,
            groups,
            totals: groups.reduce(
              (sum, group) => ({
                records: sum.records + group.records,
                seconds: sum.seconds + group.seconds,
              }),
              { records: 0, seconds: 0 },
            ),
          })),
        ),
    };
  }
}
