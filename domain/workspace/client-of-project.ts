import * as E from 'fp-ts/lib/Either.js';

/** A client asked for beside a project that has another: the record cannot be in both. */
export interface ClientMismatch {
  readonly _tag: 'ClientMismatch';
  readonly projectClientId: number;
}

/**
 * A record's client follows its project (tasks, notes, time and money records): when the project
 * has a client, the record gets that client, and a different one asked for is a mismatch; when it
 * has none, the record keeps the client it has or was given (`resolved`).
 */
export const clientFollowingProject = (
  projectClientId: number | null,
  givenClientId: number | null | undefined,
  resolved: number | null,
): E.Either<ClientMismatch, number | null> => {
  if (projectClientId === null) return E.right(resolved);
  if (givenClientId !== undefined && givenClientId !== projectClientId)
    return E.left({ _tag: 'ClientMismatch', projectClientId });
  return E.right(projectClientId);
};
