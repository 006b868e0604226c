import type { Period } from '../../domain/report/periods.js';
import type { UserId } from '../../domain/task/task.js';
import { TaskStatus } from '../../domain/task/task-status.js';
import type { MoneyType } from '../../domain/workspace/records.js';
import type { LinkedRecordFilters } from './record-read-model.port.js';
import type { TaskFilters } from './task-read-model.port.js';

/** The keys each report groups by, beside the periods of the records' `date`. */
export const TIME_REPORT_KEYS = ['client', 'project', 'category', 'task'] as const;
export const MONEY_REPORT_KEYS = ['client', 'project', 'category', 'task', 'card', 'type'] as const;
export const TASK_REPORT_KEYS = ['client', 'project', 'category', 'status', 'priority'] as const;
export type TimeReportKey = (typeof TIME_REPORT_KEYS)[number];
export type MoneyReportKey = (typeof MONEY_REPORT_KEYS)[number];
export type TaskReportKey = (typeof TASK_REPORT_KEYS)[number];

/** One value of each key of a group, in `groupBy` order: an id, a number, a period's spelling, or null. */
export type GroupKey = readonly (number | string | null)[];

/** A report's filters (its list's) and keys: at most three distinct, at most one a period; none: one group. */
export type ReportQuery<F, K extends string> = F & { readonly groupBy: readonly (K | Period)[] };

export type TimesReportQuery = ReportQuery<LinkedRecordFilters, TimeReportKey>;

export interface MoneyFilters extends LinkedRecordFilters {
  readonly type?: number;
  /** The card the money moves from or to. */
  readonly card?: number;
}
export type MoneysReportQuery = ReportQuery<MoneyFilters, MoneyReportKey>;

export type TasksReportQuery = ReportQuery<TaskFilters, TaskReportKey>;

export interface TimesFigures {
  readonly records: number;
  /** The sum of the records' `timeReally`. */
  readonly seconds: number;
}

/** Sums of `price` in whole cents, by money type: exact at any count. */
export interface MoneysFigures {
  readonly records: number;
  readonly incomeCents: number;
  readonly expenseCents: number;
  readonly transferCents: number;
}

export interface TasksFigures {
  readonly tasks: number;
  readonly byStatus: {
    readonly new: number;
    readonly inProgress: number;
    readonly done: number;
    readonly cancelled: number;
  };
  readonly secondsPlanned: number;
  readonly pricePlannedCents: number;
}

export type Group<M> = M & { readonly key: GroupKey };

/** The sum a money record's price adds to, by its type. */
export const MONEY_FIGURE = {
  1: 'incomeCents',
  2: 'expenseCents',
  3: 'transferCents',
} as const satisfies Record<MoneyType, keyof MoneysFigures>;

/** The count of `byStatus` a task adds to, by its status. */
export const STATUS_FIGURE = {
  [TaskStatus.New]: 'new',
  [TaskStatus.InProgress]: 'inProgress',
  [TaskStatus.Done]: 'done',
  [TaskStatus.Cancelled]: 'cancelled',
} as const satisfies Record<TaskStatus, keyof TasksFigures['byStatus']>;

/**
 * Totals added up where the records are stored: the records a list with the same filters shows
 * over all its pages (for tasks: those the user owns or is assigned), in groups ordered by their
 * key (each value ascending, nulls last). Only groups with records appear; at most `limit` of them
 * are answered.
 */
export interface ReportReadModel {
  times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<readonly Group<TimesFigures>[]>;
  moneys(ownerId: UserId, query: MoneysReportQuery, limit: number): Promise<readonly Group<MoneysFigures>[]>;
  tasks(userId: UserId, query: TasksReportQuery, limit: number): Promise<readonly Group<TasksFigures>[]>;
}
