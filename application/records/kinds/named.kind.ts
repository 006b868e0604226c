import type * as t from 'io-ts';
import type { NamedFields } from '../../../domain/workspace/records.js';
import { activeCodec, descriptionCodec, nameCodec, namedRecordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';

/** Categories and cards (money accounts) have the same shape: name, description, active. */
const namedFields = { name: nameCodec, description: descriptionCodec, active: activeCodec };

const inputs = namedRecordInputs('Named', namedFields);
export const createNamedInput = inputs.create;
export const updateNamedInput = inputs.update;
export type CreateNamedBody = t.TypeOf<typeof createNamedInput>;

const namedKind = <C extends string>(
  resource: 'category' | 'card',
  inUseCode: C,
): RecordKind<NamedFields, C, CreateNamedBody> => ({
  resource,
  repository: (r) => (resource === 'category' ? r.categories : r.cards),
  draft: (given) => ({
    given,
    fields: { description: null, active: true, ...given },
  }),
  inUseCode,
});

/** Categories: the `categoryId` of tasks and records. */
export const categoryKind = namedKind('category', 'CATEGORY_IN_USE');
/** Cards are money accounts: the `card` and `toCard` of money records. */
export const cardKind = namedKind('card', 'CARD_IN_USE');
