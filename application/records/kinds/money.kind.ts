import type * as t from 'io-ts';
import { moneyProblems } from '../../../domain/workspace/money-rules.js';
import { MONEY_TYPES, type MoneyFields, type MoneyType } from '../../../domain/workspace/records.js';
import { nullable } from '../../shared/codecs.js';
import { integerChoice, money, recordId } from '../../shared/fields.js';
import { descriptionCodec, linkCodecs, NO_LINKS, recordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';

/**
 * A money record: type (1 income, 2 expense, 3 transfer), a positive price, the card it moves
 * from and, for transfers only, the card it moves to; a description, a date and the four links.
 */
const moneyFields = {
  type: integerChoice<MoneyType>('MoneyType', MONEY_TYPES, '1 income, 2 expense, 3 transfer'),
  price: money('Price', { positive: true }),
  card: nullable(recordId('CardId')),
  toCard: nullable(recordId('CardId')),
  description: descriptionCodec,
  ...linkCodecs,
};

// An update is any subset; the transfer rules are checked on the record as it would be after it.
const inputs = recordInputs('Money', moneyFields, { required: ['type', 'price'] });
export const createMoneyInput = inputs.create;
export const updateMoneyInput = inputs.update;
export type CreateMoneyBody = t.TypeOf<typeof createMoneyInput>;

const MONEY_MESSAGES = {
  TRANSFER_NEEDS_BOTH_CARDS: 'a transfer needs both a source and a destination card',
  SAME_CARD: 'the destination card must differ from the source card',
  ONLY_FOR_TRANSFERS: 'only transfers (type 3) have a destination card',
} as const;

export const moneyKind: RecordKind<MoneyFields, never, CreateMoneyBody> = {
  resource: 'money',
  repository: (r) => r.moneys,
  draft: (given) => ({
    given,
    fields: { card: null, toCard: null, description: null, date: null, ...NO_LINKS, ...given },
  }),
  rules: (fields) =>
    moneyProblems(fields).map((p) => ({
      field: p.field,
      code: p.rule === 'TRANSFER_NEEDS_BOTH_CARDS' ? 'REQUIRED' : 'INVALID_FORMAT',
      message: MONEY_MESSAGES[p.rule],
    })),
};
