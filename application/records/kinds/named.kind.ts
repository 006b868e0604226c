import type { NamedFields } from '../../../domain/workspace/records.js';
import { decodeWith } from '../../shared/decode.js';
import { activeCodec, descriptionCodec, nameCodec, namedRecordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** Categories and cards (money accounts) have the same shape: name, description, active. */
const namedFields = { name: nameCodec, description: descriptionCodec, active: activeCodec };

const inputs = namedRecordInputs('Named', namedFields);
export const createNamedInput = inputs.create;
export const updateNamedInput = inputs.update;

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
