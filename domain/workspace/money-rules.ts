import { MoneyType } from './records.js';

export type MoneyProblem =
  | { readonly field: 'card' | 'to_card'; readonly rule: 'TRANSFER_NEEDS_BOTH_CARDS' }
  | { readonly field: 'to_card'; readonly rule: 'SAME_CARD' | 'ONLY_FOR_TRANSFERS' };

/** A transfer moves money between two different cards; income and expense have no destination. */
export const moneyProblems = (fields: {
  readonly type: MoneyType;
  readonly card: number | null;
  readonly toCard: number | null;
}): MoneyProblem[] => {
  if (fields.type !== MoneyType.Transfer) {
    return fields.toCard === null ? [] : [{ field: 'to_card', rule: 'ONLY_FOR_TRANSFERS' }];
  }
  const problems: MoneyProblem[] = [];
  if (fields.card === null) problems.push({ field: 'card', rule: 'TRANSFER_NEEDS_BOTH_CARDS' });
  if (fields.toCard === null) problems.push({ field: 'to_card', rule: 'TRANSFER_NEEDS_BOTH_CARDS' });
  if (fields.card !== null && fields.card === fields.toCard)
    problems.push({ field: 'to_card', rule: 'SAME_CARD' });
  return problems;
};
