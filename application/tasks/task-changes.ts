import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { TaskFields, UserId } from '../../domain/task/task.js';
import type { ReferenceLookup } from '../ports/reference-lookup.port.js';
import { type InvalidReference, invalidReference } from '../shared/errors.js';
import type { ValidationDetail } from '../shared/validation-detail.js';
import type { patchTaskBody } from './task.codecs.js';

export type TaskBody = t.TypeOf<typeof patchTaskBody>;

/** The writable fields present in a decoded body, in domain terms. */
export const changesFrom = (body: TaskBody): Partial<TaskFields> => {
  const changes: { -readonly [K in keyof TaskFields]?: TaskFields[K] } = {};
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.date !== undefined) changes.date = body.date;
  if (body.priority !== undefined) changes.priority = body.priority;
  if (body.active !== undefined) changes.active = body.active;
  if (body.project_id !== undefined) changes.projectId = body.project_id;
  if (body.client_id !== undefined) changes.clientId = body.client_id;
  if (body.category_id !== undefined) changes.categoryId = body.category_id;
  if (body.assignee_id !== undefined) changes.assigneeId = body.assignee_id;
  if (body.time_planned !== undefined) changes.timePlanned = body.time_planned;
  if (body.price_planned !== undefined) changes.pricePlanned = body.price_planned;
  return changes;
};

const notYours = (field: string): ValidationDetail => ({
  field,
  code: 'NOT_FOUND',
  message: `${field} does not refer to one of your records`,
});

/**
 * Applies `changes` to `current` and checks every reference they introduce: clients, projects and
 * categories must be the owner's, an assignee any existing user. When the task's project has a
 * client, the task's client follows it, and an explicit different client is a mismatch.
 */
export const resolveTaskFields = async (
  references: ReferenceLookup,
  ownerId: UserId,
  current: TaskFields,
  changes: Partial<TaskFields>,
): Promise<E.Either<InvalidReference, TaskFields>> => {
  const problems: ValidationDetail[] = [];
  let clientId = changes.clientId !== undefined ? changes.clientId : current.clientId;

  if (changes.clientId != null && !(await references.client(ownerId, changes.clientId))) {
    problems.push(notYours('client_id'));
  }
  if (changes.categoryId != null && !(await references.category(ownerId, changes.categoryId))) {
    problems.push(notYours('category_id'));
  }
  if (changes.assigneeId != null && !(await references.user(changes.assigneeId))) {
    problems.push({
      field: 'assignee_id',
      code: 'NOT_FOUND',
      message: 'assignee_id does not refer to a user',
    });
  }

  const projectId = changes.projectId !== undefined ? changes.projectId : current.projectId;
  const projectOrClientChanged = changes.projectId !== undefined || changes.clientId !== undefined;
  if (projectId !== null && projectOrClientChanged) {
    const project = await references.project(ownerId, projectId);
    if (project === null) {
      problems.push(notYours('project_id'));
    } else if (project.clientId !== null) {
      if (changes.clientId !== undefined && changes.clientId !== project.clientId) {
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
  return E.right({ ...current, ...changes, clientId });
};
