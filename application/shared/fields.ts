import { type Duration, parseDuration } from '../../domain/shared/duration.js';
import {
  type LocalDate,
  type LocalDateTime,
  parseLocalDate,
  parseLocalDateTime,
} from '../../domain/shared/local-date-time.js';
import { type Cents, centsFromNumber, MONEY_UPPER_BOUND } from '../../domain/shared/money.js';
import { codePointLength, hasNulCharacter } from '../../domain/shared/text.js';
import { FieldCodec, QueryParamCodec } from './codecs.js';
import { type Problem, problem } from './validation-detail.js';

export const MAX_ID = 2_147_483_647;

const inRange = (value: number, min: number, max: number): number | Problem =>
  value < min || value > max ? problem('OUT_OF_RANGE', `must be between ${min} and ${max}`) : value;

/** An integer in [min, max]. */
export const integer = (name: string, min: number, max: number, description?: string): FieldCodec<number> =>
  new FieldCodec(name, { type: 'integer', minimum: min, maximum: max, description }, (n: number) =>
    inRange(n, min, max),
  );

/** A choice among small integers (statuses, priorities). */
export const integerChoice = <N extends number>(name: string, values: readonly N[], description?: string) =>
  new FieldCodec<N>(name, { type: 'integer', enum: values, description }, (n: number) =>
    (values as readonly number[]).includes(n)
      ? (n as N)
      : problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`),
  );

/** The API's 0/1 flags (`active`): integers on the wire, booleans inside. */
export const flag = (name: string, description?: string): FieldCodec<boolean> =>
  new FieldCodec(
    name,
    { type: 'integer', enum: [0, 1], description },
    (n: number) => (n === 0 || n === 1 ? n === 1 : problem('OUT_OF_RANGE', 'must be 0 or 1')),
    (b) => (b ? 1 : 0),
  );

/** A reference to a record: a positive 32-bit integer. */
export const recordId = (name: string, description?: string): FieldCodec<number> =>
  integer(name, 1, MAX_ID, description);

export const checkText = (text: string, maxLength: number): Problem | null => {
  if (hasNulCharacter(text)) return problem('INVALID_FORMAT', 'must not contain the NUL character');
  if (codePointLength(text) > maxLength)
    return problem('TOO_LONG', `must be at most ${maxLength} characters`);
  return null;
};

/** Free text up to `maxLength` code points, kept as sent. */
export const text = (name: string, maxLength: number, description?: string): FieldCodec<string> =>
  new FieldCodec(
    name,
    { type: 'string', maxLength, description },
    (s: string) => checkText(s, maxLength) ?? s,
  );

/** Free text fields (descriptions) hold at most this many code points. */
export const DESCRIPTION_MAX_LENGTH = 65_535;

/** A name-like field: trimmed, 1..maxLength code points; null or blank reads as missing. */
export const requiredName = (name: string, maxLength: number, description?: string): FieldCodec<string> =>
  new FieldCodec(
    name,
    { type: 'string', minLength: 1, maxLength, description },
    (s: string) => {
      const trimmed = s.trim();
      if (trimmed.length === 0) return problem('REQUIRED', 'must not be blank');
      return checkText(trimmed, maxLength) ?? trimmed;
    },
    (s) => s,
    problem('REQUIRED', 'is required'),
  );

export const dateTime = (name: string, description?: string): FieldCodec<LocalDateTime> =>
  new FieldCodec(
    name,
    {
      type: 'string',
      format: 'date-time',
      pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}:\\d{2})?$',
      description,
    },
    (s: string) =>
      parseLocalDateTime(s) ?? problem('INVALID_FORMAT', 'must be a real date as YYYY-MM-DD HH:MM:SS'),
  );

export const duration = (name: string, description?: string): FieldCodec<Duration> =>
  new FieldCodec(
    name,
    { type: 'string', pattern: '^\\d{1,4}:[0-5]\\d:[0-5]\\d$', description },
    (s: string) => parseDuration(s) ?? problem('INVALID_FORMAT', 'must be H:MM:SS with hours 0..9999'),
  );

/** Money with at most two decimals below 10^12; `positive` excludes zero. */
export const money = (name: string, options: { readonly positive: boolean }, description?: string) =>
  new FieldCodec<Cents>(
    name,
    {
      type: 'number',
      multipleOf: 0.01,
      exclusiveMaximum: MONEY_UPPER_BOUND,
      ...(options.positive ? { exclusiveMinimum: 0 } : { minimum: 0 }),
      description,
    },
    (n: number) => {
      const cents = centsFromNumber(n);
      if (cents === 'OUT_OF_RANGE') return problem('OUT_OF_RANGE', 'must be at least 0 and below 10^12');
      if (cents === 'INVALID_FORMAT') return problem('INVALID_FORMAT', 'must have at most 2 decimal places');
      if (options.positive && cents === 0) return problem('OUT_OF_RANGE', 'must be greater than 0');
      return cents;
    },
  );

// Query parameters: text on the wire, parsed strictly.

const INTEGER_TEXT = /^-?\d{1,16}$/;

export const queryInteger = (name: string, min: number, max: number, description?: string) =>
  new QueryParamCodec<number>(name, { type: 'integer', minimum: min, maximum: max, description }, (s) =>
    INTEGER_TEXT.test(s) ? inRange(Number(s), min, max) : problem('INVALID_TYPE', 'must be an integer'),
  );

export const queryChoice = <N extends number>(name: string, values: readonly N[], description?: string) =>
  new QueryParamCodec<N>(name, { type: 'integer', enum: values, description }, (s) => {
    if (!INTEGER_TEXT.test(s)) return problem('INVALID_TYPE', 'must be an integer');
    const n = Number(s);
    return (values as readonly number[]).includes(n)
      ? (n as N)
      : problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`);
  });

export const queryFlag = (name: string, description?: string) =>
  new QueryParamCodec<boolean>(name, { type: 'integer', enum: [0, 1], description }, (s) => {
    if (s === '0' || s === '1') return s === '1';
    return INTEGER_TEXT.test(s)
      ? problem('OUT_OF_RANGE', 'must be 0 or 1')
      : problem('INVALID_TYPE', 'must be 0 or 1');
  });

export const queryId = (name: string, description?: string) => queryInteger(name, 1, MAX_ID, description);

export const queryDate = (name: string, description?: string) =>
  new QueryParamCodec<LocalDate>(name, { type: 'string', format: 'date', description }, (s) =>
    parseLocalDate(s) ? (s as LocalDate) : problem('INVALID_FORMAT', 'must be a real date as YYYY-MM-DD'),
  );

export const queryDateTime = (name: string, description?: string) =>
  new QueryParamCodec<LocalDateTime>(
    name,
    { type: 'string', format: 'date-time', description },
    (s) => parseLocalDateTime(s) ?? problem('INVALID_FORMAT', 'must be a real date as YYYY-MM-DD HH:MM:SS'),
  );

export const queryText = (name: string, maxLength: number, description?: string) =>
  new QueryParamCodec<string>(
    name,
    { type: 'string', maxLength, description },
    (s) => checkText(s, maxLength) ?? s,
  );

export const queryEnum = <S extends string>(name: string, values: readonly S[], description?: string) =>
  new QueryParamCodec<S>(name, { type: 'string', enum: values, description }, (s) =>
    (values as readonly string[]).includes(s)
      ? (s as S)
      : problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`),
  );

/** Text that must say something: kept as sent, but blank (or null) reads as missing. */
export const requiredText = (name: string, maxLength: number, description?: string): FieldCodec<string> =>
  new FieldCodec(
    name,
    { type: 'string', minLength: 1, maxLength, description },
    (s: string) =>
      s.trim() === '' ? problem('REQUIRED', 'must not be blank') : (checkText(s, maxLength) ?? s),
    (s) => s,
    problem('REQUIRED', 'is required'),
  );
