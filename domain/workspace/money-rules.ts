import { MoneyType } from './records.js';

export type MoneyProblem =
  | { readonly field: 'card' | 'toCard'; readonly rule: 'TRANSFER_NEEDS_BOTH_CARDS' }
  | { readonly field: 'toCard'; readonly rule: 'SAME_CARD' | 'ONLY_FOR_TRANSFERS' };

/** A transfer moves money between two different cards; income and expense have no destination. */
export const moneyProblems = (fields: {
  readonly type: MoneyType;
  readonly card: number | null;
  readonly toCard: number | null;
}): MoneyProblem[] => {
  if (fields.type !== MoneyType.Transfer) {
    return fields.toCard === null ? [] : [{ field: 'toCard', rule: 'ONLY_FOR_TRANSFERS' }];
  }
  const problems: MoneyProblem[] = [];
  if (fields.card === null) problems.push({ field: 'card', rule: 'TRANSFER_NEEDS_BOTH_CARDS' });
  if (fields.toCard === null) problems.push({ field: 'toCard', rule: 'TRANSFER_NEEDS_BOTH_CARDS' });
  if (fields.card !== null && fields.card === fields.toCard)
    problems.push({ field: 'toCard', rule: 'SAME_CARD' });
  return problems;
};
