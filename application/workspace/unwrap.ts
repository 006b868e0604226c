import type * as E from 'fp-ts/lib/Either.js';

/** Thrown by `unwrap`: an operation's failure, as the operation answered it, in `error`. */
export class WorkspaceError<Err extends { readonly _tag: string }> extends Error {
  override readonly name = 'WorkspaceError';

  constructor(readonly error: Err) {
    super(
      'message' in error && typeof error.message === 'string'
        ? `${error._tag}: ${error.message}`
        : error._tag,
    );
  }
}

/**
 * The value of an operation that succeeded, or a thrown `WorkspaceError` holding its failure: for a
 * script or a test, to which any failure is fatal. A host that handles failures switches on the
 * `Left`'s `_tag` instead (every operation's error union is exhaustive).
 *
 *   const task = await unwrap(session.tasks.create({ title: 'Write the report' }));
 */
export const unwrap = async <Err extends { readonly _tag: string }, A>(
  outcome: E.Either<Err, A> | Promise<E.Either<Err, A>>,
): Promise<A> => {
  const answered = await outcome;
  if (answered._tag === 'Left') throw new WorkspaceError(answered.left);
  return answered.right;
};
