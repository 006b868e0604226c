import { FieldCodec, type Fields, nullable, object } from '../shared/codecs.js';
import { isEmailShaped } from '../shared/email.js';
import type { TopLevelCode } from '../shared/errors.js';
import {
  boolean,
  checkText,
  DESCRIPTION_MAX_LENGTH,
  localDateTime,
  recordId,
  requiredName,
  text,
} from '../shared/fields.js';
import { problem } from '../shared/validation-detail.js';

export const NAME_MAX_LENGTH = 191;

/** Read-only fields a GET returns; accepted and ignored in bodies (GET → edit → PATCH works). */
export const RECORD_READ_ONLY_FIELDS = ['id', 'ownerId', 'createdAt', 'updatedAt'] as const;

/** `name`: trimmed, 1..191; a null or blank name reads as missing (NAME_REQUIRED). */
export const nameCodec = requiredName('Name', NAME_MAX_LENGTH);

export const activeCodec = boolean('Active', 'Archived when false');

export const descriptionCodec = nullable(text('Description', DESCRIPTION_MAX_LENGTH));

export const emailCodec = nullable(
  new FieldCodec<string, string>(
    'Email',
    { type: 'string', format: 'email', maxLength: NAME_MAX_LENGTH },
    (s: string) => {
      const trimmed = s.trim();
      return (
        checkText(trimmed, NAME_MAX_LENGTH) ??
        (isEmailShaped(trimmed) ? trimmed : problem('INVALID_FORMAT', 'must be an email address'))
      );
    },
  ),
);

const PHONE = /^\+?[0-9 ()./-]{3,50}$/;
export const phoneCodec = nullable(
  new FieldCodec<string, string>(
    'Phone',
    { type: 'string', maxLength: 50, pattern: PHONE.source },
    (s: string) => {
      const trimmed = s.trim();
      return (
        checkText(trimmed, 50) ??
        (PHONE.test(trimmed) && /\d/.test(trimmed)
          ? trimmed
          : problem('INVALID_FORMAT', 'must be a phone number'))
      );
    },
  ),
);

/** The references notes, time and money records may carry. */
export const linkCodecs = {
  date: nullable(localDateTime('Date', 'Wall-clock date and time')),
  clientId: nullable(recordId('ClientId')),
  projectId: nullable(recordId('ProjectId')),
  taskId: nullable(recordId('TaskId')),
  categoryId: nullable(recordId('CategoryId')),
};

export const NO_LINKS = { clientId: null, projectId: null, taskId: null, categoryId: null } as const;

/** NAME_REQUIRED wins over every other problem. */
export const nameTopLevelCode: TopLevelCode = (details) =>
  details.some((d) => d.field === 'name' && d.code === 'REQUIRED') ? 'NAME_REQUIRED' : 'VALIDATION_ERROR';

/**
 * A record kind's two inputs over the same fields: create (with its required keys) and update (any
 * subset); both accept and ignore the read-only fields.
 */
export const recordInputs = <F extends Fields, const R extends keyof F & string>(
  title: string,
  fields: F,
  options: { readonly required: readonly R[]; readonly topLevel?: TopLevelCode },
) => {
  const shared = {
    ignored: RECORD_READ_ONLY_FIELDS,
    ...(options.topLevel ? { topLevel: options.topLevel } : {}),
  };
  return {
    create: object(`Create${title}Input`, fields, { ...shared, required: options.required }),
    update: object(`Update${title}Input`, fields, shared),
  };
};

/** A named record kind's two inputs: `name` required on create, and NAME_REQUIRED wins over other problems. */
export const namedRecordInputs = <F extends Fields & { readonly name: unknown }>(title: string, fields: F) =>
  recordInputs(title, fields, { required: ['name'], topLevel: nameTopLevelCode });
