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

/** `00` to `99`, made once: a list formats a dozen two-digit numbers per row. */
const TWO_DIGITS: readonly string[] = Array.from({ length: 100 }, (_, n) => (n < 10 ? `0${n}` : `${n}`));

/** At least two digits: `07`, `42`, `125`. */
export const twoDigits = (n: number): string => TWO_DIGITS[n] ?? `${n}`;
