/** Length in Unicode code points, which is what "191 characters" means to a person. */
export const codePointLength = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

/** Cuts to at most `max` code points without splitting a surrogate pair. */
export const truncateCodePoints = (text: string, max: number): string =>
  Array.from(text).slice(0, max).join('');

export const hasNulCharacter = (text: string): boolean => text.includes('\u0000');

/**
 * At least two digits: `07`, `42`, `125`. Spelled out because lists format several per row, and
 * `padStart` is several times slower.
 */
export const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
