import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { UserId } from '../../domain/task/task.js';
import { clientFollowingProject } from '../../domain/workspace/client-of-project.js';
import {
  type LinkValues,
  type RecordKindName,
  type ReferenceField,
  type ReferenceTarget,
  referenceFieldsOf,
} from '../../domain/workspace/references.js';
import type { ReferenceLookup } from '../ports/reference-lookup.port.js';
import { type InvalidReference, invalidReference } from './errors.js';
import type { ValidationDetail } from './validation-detail.js';

const notYours = (field: string): ValidationDetail => ({
  field,
  code: 'NOT_FOUND',
  message: `${field} does not refer to one of your records`,
});

/** Whether `id` is one of the owner's records of `target` (for a user: whether the user exists). */
const exists = (references: ReferenceLookup, target: ReferenceTarget, ownerId: UserId, id: number) => {
  switch (target) {
    case 'client':
      return references.client(ownerId, id);
    case 'category':
      return references.category(ownerId, id);
    case 'task':
      return references.task(ownerId, id);
    case 'card':
      return references.card(ownerId, id);
    case 'project':
      return references.project(ownerId, id).then((project) => project !== null);
    case 'user':
      return references.user(id);
  }
};

/**
 * Applies `changes` to `current` and checks every reference they introduce (the fields
 * `REFERENCES[kind]` names): records must be the owner's, an assignee any existing user. The
 * record's client follows its project (`clientFollowingProject`; on an edit, the record's current
 * project counts as given).
 */
export const resolveReferences = async <K extends RecordKindName, F extends LinkValues<K>>(
  references: ReferenceLookup,
  ownerId: UserId,
  kind: K,
  current: F,
  changes: Partial<F>,
): Promise<E.Either<InvalidReference, F>> => {
  const problems: ValidationDetail[] = [];
  const given: Partial<LinkValues<K>> = changes;
  for (const [field, target] of referenceFieldsOf(kind)) {
    const id = given[field];
    if (target === 'project' || typeof id !== 'number') continue;
    if (!(await exists(references, target, ownerId, id))) {
      problems.push(
        target === 'user'
          ? { field, code: 'NOT_FOUND', message: `${field} does not refer to a user` }
          : notYours(field),
      );
    }
  }

  const resolved: F = { ...current, ...changes };
  const fields = referenceFieldsOf(kind).map(([field]) => field);
  const projectField = fields.find((field) => field === 'projectId');
  const clientField = fields.find((field) => field === 'clientId');
  let inherited: { readonly field: ReferenceField<K>; readonly clientId: number | null } | undefined;
  if (projectField !== undefined && clientField !== undefined) {
    const projectId = resolved[projectField];
    const changed = given[projectField] !== undefined || given[clientField] !== undefined;
    if (typeof projectId === 'number' && changed) {
      const project = await references.project(ownerId, projectId);
      if (project === null) {
        problems.push(notYours(projectField));
      } else {
        const client = clientFollowingProject(project.clientId, given[clientField], resolved[clientField]);
        pipe(
          client,
          E.match(
            () => {
              problems.push({
                field: clientField,
                code: 'MISMATCH',
                message: `${clientField} differs from the project's client`,
              });
            },
            (clientId) => {
              inherited = { field: clientField, clientId };
            },
          ),
        );
      }
    }
  }

  if (problems.length > 0) return E.left(invalidReference(problems));
  return E.right(inherited === undefined ? resolved : { ...resolved, [inherited.field]: inherited.clientId });
};
