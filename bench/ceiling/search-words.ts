/**
 * The schema's `search_words(text, owner, assignee)` function, which its SQLite search index's
 * triggers call, written again from the schema's definition (the ceiling shares no code): every run
 * of three code points of the lower-cased text, as `<user>x<hex code point>z…`, for the owner and a
 * different assignee. A term is searched as the phrase of its own runs.
 */
const runs = (text: string): string[] => {
  const points = [...text.toLowerCase()];
  const out: string[] = [];
  for (let i = 0; i + 3 <= points.length; i++)
    out.push(
      points
        .slice(i, i + 3)
        .map((point) => `${(point.codePointAt(0) ?? 0).toString(16)}z`)
        .join(''),
    );
  return out;
};

export const searchWords = (text: unknown, owner: unknown, assignee: unknown): string => {
  if (typeof text !== 'string' || text === '') return '';
  const users = [Number(owner)];
  if (assignee !== null && assignee !== undefined && Number(assignee) !== users[0])
    users.push(Number(assignee));
  const words = runs(text);
  return users.map((user) => words.map((word) => `${user}x${word}`).join(' ')).join(' ');
};

/** The FTS5 phrase finding `term` in what `user` sees; undefined below three characters. */
export const searchPhrase = (user: number, term: string): string | undefined => {
  const words = runs(term);
  return words.length === 0 ? undefined : `"${words.map((word) => `${user}x${word}`).join(' ')}"`;
};
