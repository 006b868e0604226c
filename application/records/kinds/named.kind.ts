import type { NamedFields } from '../../../domain/workspace/records.js';
import { object } from '../../shared/codecs.js';
import { decodeWith } from '../../shared/decode.js';
import {
  activeCodec,
  descriptionCodec,
  nameCodec,
  nameTopLevelCode,
  RECORD_READ_ONLY_FIELDS,
} from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** Categories and cards (money accounts) have the same shape: name, description, active. */
const namedFields = { name: nameCodec, description: descriptionCodec, active: activeCodec };

export const createNamedInput = object('CreateNamedInput', namedFields, {
  ignored: RECORD_READ_ONLY_FIELDS,
  required: ['name'],
  topLevel: nameTopLevelCode,
});
export const updateNamedInput = object('UpdateNamedInput', namedFields, {
  ignored: RECORD_READ_ONLY_FIELDS,
  topLevel: nameTopLevelCode,
});

const namedKind = <C extends string>(
  resource: 'category' | 'card',
  inUseCode: C,
): RecordKind<NamedFields, C> => ({
  resource,
  repository: (r) => (resource === 'category' ? r.categories : r.cards),
  createInput: createNamedInput,
  decodeCreate: drafting(createNamedInput, (given) => ({
    given,
    fields: { description: null, active: true, ...given },
  })),
  updateInput: updateNamedInput,
  decodeUpdate: decodeWith(updateNamedInput),
  inUseCode,
});

/** Categories: the `categoryId` of tasks and records. */
export const categoryKind = namedKind('category', 'CATEGORY_IN_USE');
/** Cards are money accounts: the `card` and `toCard` of money records. */
export const cardKind = namedKind('card', 'CARD_IN_USE');
