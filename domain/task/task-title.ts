import * as E from 'fp-ts/lib/Either.js';
import { codePointLength, hasNulCharacter } from '../shared/text.js';

export const TITLE_MAX_LENGTH = 191;

export type TaskTitle = string & { readonly TaskTitle: unique symbol };

export type TitleProblem = 'REQUIRED' | 'TOO_LONG' | 'INVALID_FORMAT';

/** Trims, then requires 1..191 code points and no NUL. */
export const parseTaskTitle = (input: string): E.Either<TitleProblem, TaskTitle> => {
  const trimmed = input.trim();
  if (trimmed.length === 0) return E.left('REQUIRED');
  if (hasNulCharacter(trimmed)) return E.left('INVALID_FORMAT');
  // A text has no more code points than UTF-16 units: only a long one needs counting.
  if (trimmed.length > TITLE_MAX_LENGTH && codePointLength(trimmed) > TITLE_MAX_LENGTH)
    return E.left('TOO_LONG');
  return E.right(trimmed as TaskTitle);
};
