/**
 * The words of SQLite's search indexes (FTS5 tables over tasks' title and description, and notes'
 * name and description): every run of three characters of the text's lower case, in order, once
 * for each user who sees the row (its owner, and a task's assignee if that is someone else),
 * spelled `<user id>x<code points in hex, each ended by z>`. A word therefore belongs to one user:
 * a search reads only the caller's own entries, however many other owners share the table. A term
 * is then found as the phrase of its own runs at consecutive positions of one column, which holds
 * exactly when the column's lower case contains the term's — so the index answers a search and its
 * count without looking at the text.
 */

/** The shortest term the index can answer: shorter ones have no run of three characters. */
export const INDEXED_TERM_LENGTH = 3;

/** Hex digits end in `z`, a user id in `x`: no word can be read two ways. */
const spell = (run: readonly string[]): string =>
  run.map((character) => `${(character.codePointAt(0) ?? 0).toString(16)}z`).join('');

/** Each run of three characters (code points) of `text`, in order. */
const runsOf = (text: string): string[] => {
  const characters = [...text];
  const runs: string[] = [];
  for (let start = 0; start + INDEXED_TERM_LENGTH <= characters.length; start++)
    runs.push(spell(characters.slice(start, start + INDEXED_TERM_LENGTH)));
  return runs;
};

const wordsFor = (userId: number, runs: readonly string[]): string =>
  runs.map((run) => `${userId}x${run}`).join(' ');

/** What a column of the index holds for `text`, seen by its owner and, if other, its assignee. */
export const searchWords = (text: unknown, ownerId: unknown, assigneeId: unknown): string => {
  if (typeof text !== 'string' || text === '') return '';
  const runs = runsOf(text.toLowerCase());
  const users = [Number(ownerId)];
  if (assigneeId !== null && assigneeId !== undefined && Number(assigneeId) !== users[0])
    users.push(Number(assigneeId));
  return users.map((user) => wordsFor(user, runs)).join(' ');
};

/**
 * The FTS5 query finding `term` in the text `userId` sees, or undefined for a term too short to be
 * indexed (the list then tests the rows instead). The words are letters and digits only, so the
 * phrase needs no escaping whatever the term holds.
 */
export const searchPhrase = (userId: number, term: string): string | undefined => {
  const runs = runsOf(term.toLowerCase());
  return runs.length === 0 ? undefined : `"${wordsFor(userId, runs)}"`;
};
