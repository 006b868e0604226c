import { truncateCodePoints } from '../shared/text.js';

export const NAME_MAX_LENGTH = 191;

/** A note created from its text alone is named after the text's first non-blank line, cut to 191. */
export const nameFromDescription = (description: string): string => {
  const firstLine = description.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  return truncateCodePoints(firstLine.trim(), NAME_MAX_LENGTH);
};
