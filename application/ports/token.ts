/**
 * A dependency-injection token that remembers the type it stands for, so the composition root can
 * only hand a port to a constructor parameter of that port's type. A plain symbol at run time.
 */
export type Token<T> = symbol & { readonly __provides?: T };

export const token = <T>(description: string): Token<T> => Symbol(description) as Token<T>;
