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

/** Each character (code point) of `text` spelled in hex, ended by `z`: no word can be read two ways. */
const spelled = (text: string): string[] => {
  const characters: string[] = [];
  for (const character of text) characters.push(`${(character.codePointAt(0) ?? 0).toString(16)}z`);
  return characters;
};

/**
 * The words of `text` for each of `users`: each run of three characters, in order, after the user's
 * id and `x`. Built by appending, the quicker way, as a trigger calls it twice for every row written.
 */
const wordsFor = (users: readonly number[], text: string): string => {
  const characters = spelled(text.toLowerCase());
  let words = '';
  for (const user of users) {
    const prefix = `${user}x`;
    for (let start = 0; start + INDEXED_TERM_LENGTH <= characters.length; start++) {
      if (words !== '') words += ' ';
      words += prefix;
      for (let at = start; at < start + INDEXED_TERM_LENGTH; at++) words += characters[at];
    }
  }
  return words;
};

/** What a column of the index holds for `text`, seen by its owner and, if other, its assignee. */
export const searchWords = (text: unknown, ownerId: unknown, assigneeId: unknown): string => {
  if (typeof text !== 'string' || text === '') return '';
  const owner = Number(ownerId);
  const assignee = assigneeId === null || assigneeId === undefined ? owner : Number(assigneeId);
  return wordsFor(assignee === owner ? [owner] : [owner, assignee], text);
};

/**
 * The FTS5 query finding `term` in the text `userId` sees, or undefined for a term too short to be
 * indexed (the list then tests the rows instead). The words are letters and digits only, so the
 * phrase needs no escaping whatever the term holds.
 */
export const searchPhrase = (userId: number, term: string): string | undefined => {
  const words = wordsFor([userId], term);
  return words === '' ? undefined : `"${words}"`;
};
