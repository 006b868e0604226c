import type * as t from 'io-ts';
import { ACHIEVEMENTS } from '../../../domain/gamification/achievements.js';
import type { WireCodec } from '../wire/wire-codecs.js';
import { type JsonSchema, orNull, schemaOf } from './json-schema.js';

/**
 * The schemas of what the API answers. A record's editable fields answer in the form its wire
 * codec accepts, so their schemas are read from that codec; only what a caller never sends (ids,
 * timestamps, gamification) is written here. The drift tests validate every answer of the HTTP
 * specs against these.
 */

export const ID: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

/** Instants answer in UTC as `YYYY-MM-DD HH:MM:SS`. */
export const SERVER_INSTANT: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
  description: 'An instant in UTC, `YYYY-MM-DD HH:MM:SS`.',
};

/** `schema` under a name: the document lists it once under `components.schemas` and refers to it. */
export const titled = (title: string, schema: JsonSchema): JsonSchema => ({ title, ...schema });

/** A closed object whose every property is always present. */
export const closedObject = (properties: Record<string, JsonSchema>, description?: string): JsonSchema => ({
  type: 'object',
  ...(description === undefined ? {} : { description }),
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/**
 * A record as answered: its read-only fields, then every field `editable` accepts (which may be
 * null in an answer when the record never had it, as listed in `unset`), then the read-only fields
 * named in `after` and the timestamps. The order is the wire's: answers are serialized from these.
 */
export const recordSchema = (
  readOnly: Record<string, JsonSchema>,
  editable: WireCodec,
  options: {
    readonly unset?: readonly string[];
    readonly except?: readonly string[];
    readonly after?: readonly string[];
  } = {},
): JsonSchema => {
  const fields: Record<string, JsonSchema> = {};
  for (const [name, codec] of Object.entries<t.Mixed>(editable.codec.fields)) {
    if (options.except?.includes(name)) continue;
    const schema = schemaOf(codec);
    fields[name] = options.unset?.includes(name) ? orNull(schema) : schema;
  }
  const trailing = [...(options.after ?? []), 'created_at', 'updated_at'];
  const leading = Object.entries(readOnly).filter(([name]) => !trailing.includes(name));
  const last = trailing.flatMap((name) => {
    const schema = readOnly[name];
    return schema === undefined ? [] : [[name, schema] as const];
  });
  return closedObject(Object.fromEntries([...leading, ...Object.entries(fields), ...last]));
};

export const TIMESTAMPS = { created_at: SERVER_INSTANT, updated_at: SERVER_INSTANT } as const;

export const PAGINATION = titled(
  'Pagination',
  closedObject({
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    offset: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'The items skipped; null on a page asked by cursor.',
    },
    total: {
      type: 'integer',
      minimum: 0,
      description:
        'Every record that matches, across pages: exact for an unfiltered list, and for a filtered one ' +
        'whose matches end within 1000 past this page; beyond that, offset + limit + 1000 (has_more is true).',
    },
    has_more: { type: 'boolean', description: 'Whether a page follows this one.' },
    next_cursor: {
      type: ['string', 'null'],
      maxLength: 512,
      description:
        'Send it as `cursor` (instead of `offset`) for the page after this one; null on the last page. ' +
        'Bound to the key’s owner, the filters and the sort it was made with.',
    },
  }),
);

/** An example of `pagination` for one page that holds everything. */
export const EXAMPLE_PAGINATION = {
  limit: 50,
  offset: 0,
  total: 1,
  has_more: false,
  next_cursor: null,
} as const;

/** What a DELETE answers. */
export const DELETED = closedObject({ deleted: { const: true }, id: ID });

const DETAIL = closedObject({
  field: { type: 'string', description: 'The field or query parameter, as sent.' },
  code: {
    type: 'string',
    enum: [
      'REQUIRED',
      'TOO_LONG',
      'INVALID_TYPE',
      'OUT_OF_RANGE',
      'INVALID_FORMAT',
      'UNKNOWN_FIELD',
      'UNKNOWN_PARAMETER',
      'NOT_FOUND',
      'MISMATCH',
      'DUPLICATE',
    ],
  },
  message: { type: 'string' },
});

/** The failure envelope, with the codes a response of this status can carry. */
export const errorEnvelope = (codes: readonly string[]): JsonSchema => ({
  type: 'object',
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      properties: {
        code: { type: 'string', enum: codes },
        message: { type: 'string', description: 'For people; may change. Programs read `code`.' },
        details: { type: 'array', items: DETAIL },
      },
      required: ['code', 'message'],
      additionalProperties: false,
    },
    // The health check's 503 also says what it knows.
    data: { type: 'object' },
  },
  required: ['success', 'error'],
  additionalProperties: false,
});

/** The success envelope around `data`. */
export const successEnvelope = (data: JsonSchema): JsonSchema =>
  closedObject({ success: { const: true }, data });

/** The whole body of a success answer: the envelope around `data`, and what may go beside it. */
export const successBody = (answer: {
  readonly data: JsonSchema;
  readonly beside?: Readonly<Record<string, JsonSchema>> | undefined;
  readonly bare?: true | undefined;
}): JsonSchema => {
  if (answer.bare) return answer.data;
  // trust boundary: successEnvelope builds an object schema, which has properties.
  const envelope = successEnvelope(answer.data) as { properties: Record<string, JsonSchema> };
  return answer.beside === undefined
    ? envelope
    : { ...envelope, properties: { ...envelope.properties, ...answer.beside } };
};

const STANDING = {
  total_points: { type: 'integer' },
  level: { type: 'integer', minimum: 1 },
  level_name: { type: 'string' },
  next_level_at: { type: 'integer', description: 'Total points at which the next level starts.' },
  streak_days: { type: 'integer', minimum: 0, description: 'Days in a row, up to today, with a completion.' },
  best_streak_days: { type: 'integer', minimum: 0 },
  completed_today: { type: 'integer', minimum: 0 },
} as const;

const ACHIEVEMENT_CODE: JsonSchema = { type: 'string', enum: ACHIEVEMENTS.map((a) => a.code) };

export const GAMIFICATION_FEEDBACK = titled(
  'GamificationFeedback',
  closedObject(
    {
      event: {
        type: 'string',
        enum: ['task_completed', 'task_reopened', 'status_changed', 'no_change'],
        description:
          '`task_completed`: points awarded; `task_reopened`: a completion taken back; `status_changed`: no points move; `no_change`: the status was already that.',
      },
      points_awarded: { type: 'integer', description: 'Negative when a completion is taken back.' },
      ...STANDING,
      leveled_up: { type: 'boolean' },
      achievements_unlocked: {
        type: 'array',
        items: closedObject({ code: ACHIEVEMENT_CODE, name: { type: 'string' } }),
      },
      message: { type: 'string' },
    },
    'What the status change did to the points; present whenever the body held a `status`.',
  ),
);

export const GAMIFICATION_PROFILE = titled(
  'GamificationProfile',
  closedObject({
    ...STANDING,
    achievements: {
      type: 'array',
      items: closedObject({ code: ACHIEVEMENT_CODE, name: { type: 'string' }, unlocked_at: SERVER_INSTANT }),
    },
  }),
);
