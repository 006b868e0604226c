import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { LinkValues } from '../../domain/workspace/references.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import { validationFailed } from '../shared/decode.js';
import type { InvalidReference, ValidationFailed } from '../shared/errors.js';
import { resolveReferences } from '../shared/resolve-references.js';
import { placeInOwnersZone } from '../shared/wall-clock.js';
import type { CreatableKind, Unplaced } from './record-kind.js';

/**
 * A record's fields after `changes`: a zoned `date` placed in the owner's timezone, references
 * checked, then the type's own cross-field rules.
 */
export const checkedFields = <F extends object>(
  kind: CreatableKind<F>,
  repositories: Repositories,
  ownerId: UserId,
  current: F,
  given: Partial<Unplaced<F>>,
): TE.TaskEither<ValidationFailed | InvalidReference, F> =>
  pipe(
    // trust boundary: placed, an Unplaced<F>'s `date` is F's again (a zoned value became local text).
    TE.fromTask(() => placeInOwnersZone(repositories.users, ownerId, given) as Promise<Partial<F>>),
    // Every record type's fields carry the reference fields REFERENCES lists for it, which its kind
    // does not say to TypeScript.
    TE.flatMap(
      (changes): TE.TaskEither<InvalidReference, F> =>
        () =>
          resolveReferences<typeof kind.resource, F & LinkValues<typeof kind.resource>>(
            repositories.references,
            ownerId,
            kind.resource,
            // trust boundary: the record's fields carry its kind's reference fields (above).
            current as F & LinkValues<typeof kind.resource>,
            // trust boundary: the record's fields carry its kind's reference fields (above).
            changes as Partial<F & LinkValues<typeof kind.resource>>,
          ),
    ),
    TE.flatMapEither((resolved) => {
      const broken = kind.rules?.(resolved) ?? [];
      return broken.length > 0 ? E.left(validationFailed(broken)) : E.right(resolved);
    }),
  );
