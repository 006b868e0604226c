import * as E from 'fp-ts/lib/Either.js';
import type { UserId } from '../../domain/task/task.js';
import type { ReferenceLookup } from '../ports/reference-lookup.port.js';
import { type InvalidReference, invalidReference } from './errors.js';
import type { ValidationDetail } from './validation-detail.js';

/** The references a record may carry; each record type has a subset of them. */
type LinkKey = 'clientId' | 'projectId' | 'categoryId' | 'taskId' | 'card' | 'toCard' | 'assigneeId';

/** A reference of any record: the id, null when cleared, undefined when the record has no such field. */
const linkOf = (record: object, key: LinkKey): number | null | undefined => {
  const value: unknown = Reflect.get(record, key);
  return typeof value === 'number' || value === null ? value : undefined;
};

const notYours = (field: string): ValidationDetail => ({
  field,
  code: 'NOT_FOUND',
  message: `${field} does not refer to one of your records`,
});

type OwnedCheck = (references: ReferenceLookup, ownerId: UserId, id: number) => Promise<boolean>;

const OWNED_CHECKS: readonly [LinkKey, string, OwnedCheck][] = [
  ['clientId', 'client_id', (r, owner, id) => r.client(owner, id)],
  ['categoryId', 'category_id', (r, owner, id) => r.category(owner, id)],
  ['taskId', 'task_id', (r, owner, id) => r.task(owner, id)],
  ['card', 'card', (r, owner, id) => r.card(owner, id)],
  ['toCard', 'to_card', (r, owner, id) => r.card(owner, id)],
];

/**
 * Applies `changes` to `current` and checks every reference they introduce: clients, projects,
 * categories, tasks and cards must be the owner's, an assignee any existing user. When the
 * record's project has a client, the record's client follows it, and an explicit different client
 * is a mismatch (on an edit, the record's current project counts as given).
 */
export const resolveReferences = async <F extends object>(
  references: ReferenceLookup,
  ownerId: UserId,
  current: F,
  changes: Partial<F>,
): Promise<E.Either<InvalidReference, F>> => {
  const problems: ValidationDetail[] = [];
  for (const [key, field, isOwned] of OWNED_CHECKS) {
    const id = linkOf(changes, key);
    if (typeof id === 'number' && !(await isOwned(references, ownerId, id))) problems.push(notYours(field));
  }
  const assigneeId = linkOf(changes, 'assigneeId');
  if (typeof assigneeId === 'number' && !(await references.user(assigneeId))) {
    problems.push({
      field: 'assignee_id',
      code: 'NOT_FOUND',
      message: 'assignee_id does not refer to a user',
    });
  }

  const givenClient = linkOf(changes, 'clientId');
  const givenProject = linkOf(changes, 'projectId');
  let clientId = givenClient !== undefined ? givenClient : linkOf(current, 'clientId');
  const projectId = givenProject !== undefined ? givenProject : linkOf(current, 'projectId');
  const projectOrClientChanged = givenProject !== undefined || givenClient !== undefined;
  if (typeof projectId === 'number' && projectOrClientChanged) {
    const project = await references.project(ownerId, projectId);
    if (project === null) {
      problems.push(notYours('project_id'));
    } else if (project.clientId !== null) {
      if (givenClient !== undefined && givenClient !== project.clientId) {
        problems.push({
          field: 'client_id',
          code: 'MISMATCH',
          message: "client_id differs from the project's client",
        });
      }
      clientId = project.clientId;
    }
  }

  if (problems.length > 0) return E.left(invalidReference(problems));
  const resolved: F = { ...current, ...changes };
  return E.right(clientId === undefined ? resolved : { ...resolved, clientId });
};
