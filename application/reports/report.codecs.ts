import type * as t from 'io-ts';
import { isPeriod, PERIODS, type Period } from '../../domain/report/periods.js';
import { MONEY_REPORT_KEYS, TASK_REPORT_KEYS, TIME_REPORT_KEYS } from '../ports/report-read-model.port.js';
import { linkedFilterFields, listMoneysInput } from '../records/list-queries.js';
import { FieldCodec, type Fields, object } from '../shared/codecs.js';
import { problem } from '../shared/validation-detail.js';
import { listTasksInput } from '../tasks/task.codecs.js';

/** A report's keys: at most this many, at most one of them a period. */
export const MAX_GROUP_KEYS = 3;

/** The keys a `groupBy` list names (one the codec below has checked), in its order. */
export const groupKeysIn = <K extends string>(list: string | undefined): (K | Period)[] =>
  // trust boundary: the list was checked by `groupByList` to name only keys of its report.
  list === undefined ? [] : (list.split(',') as (K | Period)[]);

/**
 * `client,month`: a comma list of at most three distinct keys among `keys` and the periods, at most
 * one of them a period. Decoded, it is spelled without spaces, so that decoding it again changes
 * nothing.
 */
const groupByList = <K extends string>(name: string, keys: readonly K[]) => {
  const known: readonly string[] = [...keys, ...PERIODS];
  return new FieldCodec<string, string>(
    name,
    {
      type: 'string',
      maxLength: known.join(',').length,
      description: `Comma list of at most ${MAX_GROUP_KEYS} of ${known.join(', ')} (one period at most); absent: one group of everything`,
    },
    (value) => {
      const names = value.split(',').map((part) => part.trim());
      const unknown = names.find((part) => !known.includes(part));
      if (unknown !== undefined)
        return problem('OUT_OF_RANGE', `must name keys among ${known.join(', ')} ("${unknown}" is not one)`);
      if (new Set(names).size !== names.length) return problem('INVALID_FORMAT', 'must not name a key twice');
      if (names.length > MAX_GROUP_KEYS)
        return problem('OUT_OF_RANGE', `must name at most ${MAX_GROUP_KEYS} keys`);
      if (names.filter(isPeriod).length > 1) return problem('INVALID_FORMAT', 'must name at most one period');
      return names.join(',');
    },
  );
};

/** Every field of a list's query but its paging and order: the filters, with the same meaning. */
const filtersOfList = <F extends Record<string, unknown>>({
  limit: _limit,
  offset: _offset,
  cursor: _cursor,
  sort: _sort,
  ...filters
}: F & { limit?: unknown; offset?: unknown; cursor?: unknown; sort?: unknown }) => filters;

const REPORT_OPTIONS = { unknownCode: 'UNKNOWN_PARAMETER' } as const;

/** A report's input: its list's filters, and `groupBy` among `keys` and the periods. */
const reportInput = <F extends Fields, K extends string>(name: string, filters: F, keys: readonly K[]) =>
  object(
    `${name}ReportInput`,
    { ...filters, groupBy: groupByList<K>(`${name}GroupBy`, keys) },
    REPORT_OPTIONS,
  );

export const timesReportInput = reportInput('Times', linkedFilterFields, TIME_REPORT_KEYS);
export type TimesReportBody = t.TypeOf<typeof timesReportInput>;

export const moneysReportInput = reportInput(
  'Moneys',
  filtersOfList(listMoneysInput.fields),
  MONEY_REPORT_KEYS,
);
export type MoneysReportBody = t.TypeOf<typeof moneysReportInput>;

export const tasksReportInput = reportInput('Tasks', filtersOfList(listTasksInput.fields), TASK_REPORT_KEYS);
export type TasksReportBody = t.TypeOf<typeof tasksReportInput>;
