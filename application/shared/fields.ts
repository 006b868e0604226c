import { type Duration, durationFromSeconds, MAX_DURATION_SECONDS } from '../../domain/shared/duration.js';
import {
  type LocalDate,
  parseInstant,
  parseLocalDate,
  parseWallClock,
  type WallClockInput,
  ZonedDateTime,
} from '../../domain/shared/local-date-time.js';
import { MONEY_UPPER_BOUND, type Money, parseMoney } from '../../domain/shared/money.js';
import { codePointLength, hasNulCharacter } from '../../domain/shared/text.js';
import { parseTimeZone, type TimeZone } from '../../domain/shared/time-zone.js';
import { FieldCodec, ObjectCodec } from './codecs.js';
import { type Problem, problem } from './validation-detail.js';

export const MAX_ID = 2_147_483_647;

/**
 * Whether `value` can name a stored record: a positive 32-bit integer, as every id column holds.
 * Anything else (NaN, 1.5, 2**31, Infinity) names no record, on every adapter alike.
 */
export const isRecordId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

const inRange = (value: number, min: number, max: number): number | Problem =>
  value < min || value > max ? problem('OUT_OF_RANGE', `must be between ${min} and ${max}`) : value;

/** An integer in [min, max]. */
export const integer = (
  name: string,
  min: number,
  max: number,
  description?: string,
): FieldCodec<number, number> =>
  new FieldCodec(name, { type: 'integer', minimum: min, maximum: max, description }, (n: number) =>
    inRange(n, min, max),
  );

/** A choice among small integers (statuses, priorities). */
export const integerChoice = <N extends number>(name: string, values: readonly N[], description?: string) =>
  new FieldCodec<N, N>(
    name,
    { type: 'integer', enum: values, description },
    (n: number) =>
      values.find((value) => value === n) ?? problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`),
  );

/** A choice among words (sort fields, record types). */
export const textChoice = <S extends string>(name: string, values: readonly S[], description?: string) =>
  new FieldCodec<S, S>(
    name,
    { type: 'string', enum: values, description },
    (s: string) =>
      values.find((value) => value === s) ?? problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`),
  );

export const boolean = (name: string, description?: string): FieldCodec<boolean, boolean> =>
  new FieldCodec(name, { type: 'boolean', description }, (b: boolean) => b);

/** A reference to a record: a positive 32-bit integer. */
export const recordId = (name: string, description?: string): FieldCodec<number, number> =>
  integer(name, 1, MAX_ID, description);

export const checkText = (text: string, maxLength: number): Problem | null => {
  if (hasNulCharacter(text)) return problem('INVALID_FORMAT', 'must not contain the NUL character');
  if (codePointLength(text) > maxLength)
    return problem('TOO_LONG', `must be at most ${maxLength} characters`);
  return null;
};

/** What every text field refuses, as its schema says too (the document's pattern). */
const NO_NUL = '^[^\\u0000]*$';

/** Free text up to `maxLength` code points, kept as sent. */
export const text = (name: string, maxLength: number, description?: string): FieldCodec<string, string> =>
  new FieldCodec(
    name,
    { type: 'string', maxLength, pattern: NO_NUL, description },
    (s: string) => checkText(s, maxLength) ?? s,
  );

/** Free text fields (descriptions) hold at most this many code points. */
export const DESCRIPTION_MAX_LENGTH = 65_535;

/** Text that must say something (blank or null reads as missing), stored as `kept` makes it. */
const nonBlankText = (
  name: string,
  maxLength: number,
  description: string | undefined,
  kept: (s: string) => string,
): FieldCodec<string, string> =>
  new FieldCodec(
    name,
    { type: 'string', minLength: 1, maxLength, pattern: NO_NUL, description },
    (s: string) => {
      if (s.trim() === '') return problem('REQUIRED', 'must not be blank');
      const value = kept(s);
      return checkText(value, maxLength) ?? value;
    },
    (s) => s,
    problem('REQUIRED', 'is required'),
  );

/** A name-like field: trimmed, 1..maxLength code points; null or blank reads as missing. */
export const requiredName = (
  name: string,
  maxLength: number,
  description?: string,
): FieldCodec<string, string> => nonBlankText(name, maxLength, description, (s) => s.trim());

/** Text that must say something: kept as sent, but blank (or null) reads as missing. */
export const requiredText = (
  name: string,
  maxLength: number,
  description?: string,
): FieldCodec<string, string> => nonBlankText(name, maxLength, description, (s) => s);

/**
 * A wall-clock date-time: `YYYY-MM-DDTHH:MM:SS`, `YYYY-MM-DD HH:MM:SS` or a bare day (midnight), or
 * RFC 3339 with a zone, which the write places in the owner's timezone (`placeInOwnersZone`).
 */
export const localDateTime = (
  name: string,
  description?: string,
): FieldCodec<WallClockInput, string | ZonedDateTime> =>
  new FieldCodec(
    name,
    {
      type: 'wall-clock',
      pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}:\\d{2}((\\.\\d{1,9})?([Zz]|[+-]\\d{2}:\\d{2}))?)?$',
      description,
    },
    (value: string | ZonedDateTime) =>
      (value instanceof ZonedDateTime ? value : parseWallClock(value)) ??
      problem(
        'INVALID_FORMAT',
        'must be a real date as YYYY-MM-DD HH:MM:SS, or RFC 3339 with a zone (2026-11-22T14:00:00Z)',
      ),
  );

/** A calendar day, `YYYY-MM-DD`. */
export const localDate = (name: string, description?: string): FieldCodec<LocalDate, string> =>
  new FieldCodec(name, { type: 'string', format: 'date', description }, (s: string) =>
    // trust boundary: parseLocalDate just checked it is a real date as YYYY-MM-DD.
    parseLocalDate(s) ? (s as LocalDate) : problem('INVALID_FORMAT', 'must be a real date as YYYY-MM-DD'),
  );

/** An instant: a `Date`, or RFC 3339 text (without a zone it is read as UTC). */
export const instant = (name: string, description?: string): FieldCodec<Date, Date | string> =>
  new FieldCodec(name, { type: 'instant', description }, (value: Date | string) =>
    value instanceof Date
      ? value
      : (parseInstant(value) ??
        problem('INVALID_FORMAT', 'must be a real date-time, e.g. 2026-11-22T14:00:00Z')),
  );

/** A span of time in whole seconds, 0..9999:59:59. */
export const duration = (name: string, description?: string): FieldCodec<Duration, number> =>
  new FieldCodec(
    name,
    { type: 'integer', format: 'duration', minimum: 0, maximum: MAX_DURATION_SECONDS, description },
    (n: number) =>
      durationFromSeconds(n) ?? problem('OUT_OF_RANGE', `must be between 0 and ${MAX_DURATION_SECONDS}`),
  );

/** Money as a decimal amount with at most two decimals below 10^12; `positive` excludes zero. */
export const money = (name: string, options: { readonly positive: boolean }, description?: string) =>
  new FieldCodec<Money, number>(
    name,
    {
      type: 'number',
      format: 'money',
      multipleOf: 0.01,
      exclusiveMaximum: MONEY_UPPER_BOUND,
      ...(options.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
      description,
    },
    (n: number) => {
      const amount = parseMoney(n);
      if (amount === 'OUT_OF_RANGE') return problem('OUT_OF_RANGE', 'must be at least 0 and below 10^12');
      if (amount === 'INVALID_FORMAT') return problem('INVALID_FORMAT', 'must have at most 2 decimal places');
      if (options.positive && amount === 0) return problem('OUT_OF_RANGE', 'must be greater than 0');
      return amount;
    },
  );

/** `{ by, direction }`: a sort field and `asc` (the default) or `desc`. */
export const sortOrder = <S extends string>(name: string, fields: readonly S[]) =>
  new ObjectCodec(
    name,
    {
      by: textChoice(`${name}Field`, fields),
      direction: textChoice(`${name}Direction`, ['asc', 'desc'] as const),
    },
    { required: ['by'] },
  );

/** An IANA time zone name. */
export const timeZone = new FieldCodec<TimeZone, string>(
  'TimeZone',
  { type: 'string', description: 'IANA time zone, e.g. Europe/Kyiv' },
  (s: string) =>
    parseTimeZone(s) ?? problem('INVALID_FORMAT', 'must be an IANA time zone such as Europe/Kyiv'),
);
