import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { moneyProblems } from '../../domain/workspace/money-rules.js';
import { nameFromDescription } from '../../domain/workspace/note-name.js';
import type {
  ClientFields,
  MoneyFields,
  MoneyType,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../../domain/workspace/records.js';
import { type Camelized, camelize } from '../shared/camelize.js';
import type { ObjectCodec } from '../shared/codecs.js';
import { nullable, object } from '../shared/codecs.js';
import { decodeWith, genericCode, type TopLevelCode } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';
import {
  DESCRIPTION_MAX_LENGTH,
  duration,
  flag,
  integerChoice,
  money,
  recordId,
  requiredText,
} from '../shared/fields.js';
import {
  descriptionCodec,
  emailCodec,
  linkCodecs,
  NO_LINKS,
  nameCodec,
  nameTopLevelCode,
  phoneCodec,
  RECORD_READ_ONLY_FIELDS,
} from './record-fields.js';
import type { CreatableKind, Draft, RecordKind } from './record-kind.js';

// biome-ignore lint/suspicious/noExplicitAny: any object codec, whatever its fields and required keys
type AnyObjectCodec = ObjectCodec<any, any>;
type Given<C extends AnyObjectCodec> = Camelized<t.TypeOf<C>>;

/** Decodes a body and turns its snake_case keys into domain field names. */
const decodeFields =
  <C extends AnyObjectCodec>(codec: C, topLevel: TopLevelCode) =>
  (input: unknown): E.Either<ValidationFailed, Given<C>> =>
    pipe(input, decodeWith(codec, topLevel), E.map(camelize));

/** A create decoder: the body's fields, completed with the type's defaults. */
const drafting =
  <C extends AnyObjectCodec, F>(codec: C, topLevel: TopLevelCode, complete: (given: Given<C>) => Draft<F>) =>
  (input: unknown): E.Either<ValidationFailed, Draft<F>> =>
    pipe(decodeFields(codec, topLevel)(input), E.map(complete));

const readOnly = { ignored: RECORD_READ_ONLY_FIELDS };
const active = flag('Active', '1 active, 0 archived');

const clientFields = {
  name: nameCodec,
  email: emailCodec,
  phone: phoneCodec,
  description: descriptionCodec,
  active,
};

export const clientKind: RecordKind<ClientFields> = {
  resource: 'client',
  repository: (r) => r.clients,
  decodeCreate: drafting(
    object('CreateClientBody', clientFields, { ...readOnly, required: ['name'] }),
    nameTopLevelCode,
    (given) => ({ given, fields: { email: null, phone: null, description: null, active: true, ...given } }),
  ),
  decodePatch: decodeFields(object('PatchClientBody', clientFields, readOnly), nameTopLevelCode),
  inUse: { kind: 'client', code: 'CLIENT_IN_USE' },
};

const projectFields = {
  name: nameCodec,
  client_id: nullable(recordId('ClientId')),
  description: descriptionCodec,
  active,
};

export const projectKind: RecordKind<ProjectFields> = {
  resource: 'project',
  repository: (r) => r.projects,
  decodeCreate: drafting(
    object('CreateProjectBody', projectFields, { ...readOnly, required: ['name'] }),
    nameTopLevelCode,
    (given) => ({ given, fields: { clientId: null, description: null, active: true, ...given } }),
  ),
  decodePatch: decodeFields(object('PatchProjectBody', projectFields, readOnly), nameTopLevelCode),
  inUse: { kind: 'project', code: 'PROJECT_IN_USE' },
};

const namedFields = { name: nameCodec, description: descriptionCodec, active };
const namedKind = (resource: 'category' | 'card', code: string, title: string): RecordKind<NamedFields> => ({
  resource,
  repository: (r) => (resource === 'category' ? r.categories : r.cards),
  decodeCreate: drafting(
    object(`Create${title}Body`, namedFields, { ...readOnly, required: ['name'] }),
    nameTopLevelCode,
    (given) => ({ given, fields: { description: null, active: true, ...given } }),
  ),
  decodePatch: decodeFields(object(`Patch${title}Body`, namedFields, readOnly), nameTopLevelCode),
  inUse: { kind: resource, code },
});

export const categoryKind = namedKind('category', 'CATEGORY_IN_USE', 'Category');
/** Cards are money accounts: the `card` and `to_card` of money records. */
export const cardKind = namedKind('card', 'CARD_IN_USE', 'Card');

const noteFields = { name: nameCodec, description: descriptionCodec, active, ...linkCodecs };
const noteDefaults = { description: null, active: true, date: null, ...NO_LINKS };

export const noteKind: RecordKind<NoteFields> = {
  resource: 'note',
  repository: (r) => r.notes,
  decodeCreate: drafting(
    object('CreateNoteBody', noteFields, { ...readOnly, required: ['name'] }),
    nameTopLevelCode,
    (given) => ({ given, fields: { ...noteDefaults, ...given } }),
  ),
  decodePatch: decodeFields(object('PatchNoteBody', noteFields, readOnly), nameTopLevelCode),
};

const noteText = requiredText('NoteText', DESCRIPTION_MAX_LENGTH, 'The note itself');

/** The prepared contract: the text is required and the name, when absent, is its first line. */
export const preparedNoteKind: CreatableKind<NoteFields> = {
  resource: 'note',
  repository: (r) => r.notes,
  decodeCreate: drafting(
    object(
      'PreparedNoteBody',
      { ...noteFields, description: noteText },
      { ...readOnly, required: ['description'] },
    ),
    (details) =>
      details.some((d) => d.field === 'description' && d.code === 'REQUIRED')
        ? 'DESCRIPTION_REQUIRED'
        : 'VALIDATION_ERROR',
    (given) => ({
      given,
      fields: { ...noteDefaults, name: nameFromDescription(given.description), ...given },
    }),
  ),
};

export const timeKind: CreatableKind<TimeFields> = {
  resource: 'time',
  repository: (r) => r.times,
  decodeCreate: drafting(
    object(
      'TimeRecordBody',
      {
        time_really: duration('TimeReally', 'Time actually spent, H:MM:SS'),
        description: descriptionCodec,
        ...linkCodecs,
      },
      { ...readOnly, required: ['time_really'] },
    ),
    genericCode,
    (given) => ({ given, fields: { description: null, date: null, ...NO_LINKS, ...given } }),
  ),
};

const MONEY_TYPES: readonly MoneyType[] = [1, 2, 3];
const MONEY_MESSAGES = {
  TRANSFER_NEEDS_BOTH_CARDS: 'a transfer needs both card and to_card',
  SAME_CARD: 'to_card must differ from card',
  ONLY_FOR_TRANSFERS: 'only transfers (type 3) have a to_card',
} as const;

export const moneyKind: CreatableKind<MoneyFields> = {
  resource: 'money',
  repository: (r) => r.moneys,
  decodeCreate: drafting(
    object(
      'MoneyRecordBody',
      {
        type: integerChoice('MoneyType', MONEY_TYPES, '1 income, 2 expense, 3 transfer'),
        price: money('Price', { positive: true }),
        card: nullable(recordId('CardId')),
        to_card: nullable(recordId('CardId')),
        description: descriptionCodec,
        ...linkCodecs,
      },
      { ...readOnly, required: ['type', 'price'] },
    ),
    genericCode,
    (given) => ({
      given,
      fields: { card: null, toCard: null, description: null, date: null, ...NO_LINKS, ...given },
    }),
  ),
  rules: (fields) =>
    moneyProblems(fields).map((p) => ({
      field: p.field,
      code: p.rule === 'TRANSFER_NEEDS_BOTH_CARDS' ? 'REQUIRED' : 'INVALID_FORMAT',
      message: MONEY_MESSAGES[p.rule],
    })),
};
