import type * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { TaskFields, UserId } from '../../domain/task/task.js';
import type { ReferenceLookup } from '../ports/reference-lookup.port.js';
import type { InvalidReference } from '../shared/errors.js';
import { resolveReferences } from '../shared/resolve-references.js';
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

/** The task's fields after `changes`, with every reference checked (see resolveReferences). */
export const resolveTaskFields = (
  references: ReferenceLookup,
  ownerId: UserId,
  current: TaskFields,
  changes: Partial<TaskFields>,
): Promise<E.Either<InvalidReference, TaskFields>> =>
  resolveReferences(references, ownerId, current, changes);
