import * as E from 'fp-ts/lib/Either.js';
import type { UserId } from '../../domain/task/task.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import { validationFailed } from '../shared/decode.js';
import type { AppError } from '../shared/errors.js';
import { resolveReferences } from '../shared/resolve-references.js';
import type { CreatableKind } from './record-kind.js';

/** A record's fields after `changes`: references checked, then the type's own cross-field rules. */
export const checkedFields = async <F extends object>(
  kind: CreatableKind<F>,
  repositories: Repositories,
  ownerId: UserId,
  current: F,
  changes: Partial<F>,
): Promise<E.Either<AppError, F>> => {
  const resolved = await resolveReferences(repositories.references, ownerId, current, changes);
  if (E.isLeft(resolved)) return resolved;
  const broken = kind.rules?.(resolved.right) ?? [];
  return broken.length > 0 ? E.left(validationFailed(broken)) : resolved;
};
