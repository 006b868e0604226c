import type { Period } from '../../domain/report/periods.js';
import type { UserId } from '../../domain/task/task.js';
import type { LinkedRecordFilters } from './record-read-model.port.js';

/** The references a times report groups by. */
export const TIME_REPORT_KEYS = ['client', 'project', 'category', 'task'] as const;
export type TimeReportKey = (typeof TIME_REPORT_KEYS)[number];

/** One value of each key of a group, in `groupBy` order: an id, a period's spelling, or null. */
export type GroupKey = readonly (number | string | null)[];

export interface TimesReportQuery extends LinkedRecordFilters {
  /** At most three distinct keys, at most one of them a period; none: one group of everything. */
  readonly groupBy: readonly (TimeReportKey | Period)[];
}

export interface TimesGroup {
  readonly key: GroupKey;
  readonly records: number;
  /** The sum of the records' `timeReally`. */
  readonly seconds: number;
}

/**
 * Totals of the owner's records, added up where they are stored: the records a list with the same
 * filters shows over all its pages, in groups ordered by their key (each value ascending, nulls
 * last). Only groups with records appear; at most `limit` of them are answered.
 */
export interface ReportReadModel {
  times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<readonly TimesGroup[]>;
}
