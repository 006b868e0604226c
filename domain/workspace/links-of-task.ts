import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';

/** The project and client a record is counted for. */
export interface Links {
  readonly projectId: number | null;
  readonly clientId: number | null;
}

/** A project or client named beside a task that has another: the record cannot count for both. */
export interface LinkMismatch {
  readonly _tag: 'LinkMismatch';
  readonly field: keyof Links;
}

/**
 * A note, time or money record linked to a task counts for the task's project and client (CONTRACT
 * §12): each of them the record does not name in the same change takes the task's, as the task has
 * it now (a later change of the task moves nothing already written). One it names must be the
 * task's, where the task has one; where the task has none, the record keeps its own.
 */
export const linksFollowingTask = (
  task: Links,
  given: { readonly [F in keyof Links]?: number | null | undefined },
  resolved: Links,
): E.Either<LinkMismatch, Links> => {
  const follow = (field: keyof Links): E.Either<LinkMismatch, number | null> => {
    const own = given[field];
    const tasks = task[field];
    if (tasks === null) return E.right(resolved[field]);
    if (typeof own === 'number' && own !== tasks) return E.left({ _tag: 'LinkMismatch', field });
    return E.right(tasks);
  };
  return pipe(
    E.Do,
    E.bind('projectId', () => follow('projectId')),
    E.bind('clientId', () => follow('clientId')),
  );
};
