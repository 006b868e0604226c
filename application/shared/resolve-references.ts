import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { UserId } from '../../domain/task/task.js';
import { clientFollowingProject } from '../../domain/workspace/client-of-project.js';
import { linksFollowingTask } from '../../domain/workspace/links-of-task.js';
import {
  type LinkValues,
  type RecordKindName,
  type ReferenceTarget,
  referenceFieldsOf,
} from '../../domain/workspace/references.js';
import type { ReferenceLookup, TaskReference } from '../ports/reference-lookup.port.js';
import { type InvalidReference, invalidReference } from './errors.js';
import type { ValidationDetail } from './validation-detail.js';

/** The problem of a reference field that names none of the owner's records. */
export const notYours = (field: string): ValidationDetail => ({
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
    case 'card':
      return references.card(ownerId, id);
    case 'project':
      return references.project(ownerId, id).then((project) => project !== null);
    case 'user':
      return references.user(id);
  }
};

/** The reference fields of a kind that a record's client, project and task are kept in, if it has them. */
const linkFieldsOf = <K extends RecordKindName>(kind: K) => {
  const fields = referenceFieldsOf(kind).map(([field]) => field);
  return {
    project: fields.find((field) => field === 'projectId'),
    client: fields.find((field) => field === 'clientId'),
    task: fields.find((field) => field === 'taskId'),
  };
};

/**
 * The problems of each reference `given` names that is not the owner's record (or not a user), and
 * the task it names as looked up (its links are needed next: it is not looked up twice).
 */
const missingReferences = async <K extends RecordKindName>(
  references: ReferenceLookup,
  ownerId: UserId,
  kind: K,
  given: Partial<LinkValues<K>>,
): Promise<{ problems: ValidationDetail[]; namedTask?: TaskReference | null }> => {
  const problems: ValidationDetail[] = [];
  let namedTask: TaskReference | null | undefined;
  for (const [field, target] of referenceFieldsOf(kind)) {
    const id = given[field];
    if (target === 'project' || typeof id !== 'number') continue;
    if (target === 'task') namedTask = await references.task(ownerId, id);
    const found = target === 'task' ? namedTask !== null : await exists(references, target, ownerId, id);
    if (!found)
      problems.push(
        target === 'user'
          ? { field, code: 'NOT_FOUND', message: `${field} does not refer to a user` }
          : notYours(field),
      );
  }
  return namedTask === undefined ? { problems } : { problems, namedTask };
};

/** The change a step checks: whose record, its link fields, and the reference fields it names. */
interface Change<K extends RecordKindName> {
  readonly references: ReferenceLookup;
  readonly ownerId: UserId;
  readonly fields: ReturnType<typeof linkFieldsOf<K>>;
  readonly given: Partial<LinkValues<K>>;
  /** The task `given` names, as looked up already (absent when it names none). */
  readonly namedTask?: TaskReference | null;
}

/** Where a step leaves the record: its fields so far, and what was found wrong. */
interface Resolving<F> {
  readonly resolved: F;
  readonly problems: readonly ValidationDetail[];
}

/**
 * A record linked to a task counts for the task's project and client (`linksFollowingTask`),
 * settled whenever the change names the task, the project or the client.
 */
const followingTask = async <K extends RecordKindName, F extends LinkValues<K>>(
  { references, ownerId, fields, given, namedTask }: Change<K>,
  { resolved, problems }: Resolving<F>,
): Promise<Resolving<F>> => {
  const { project, client, task } = fields;
  if (task === undefined || project === undefined || client === undefined) return { resolved, problems };
  const taskId = resolved[task];
  const named = [task, project, client].some((field) => given[field] !== undefined);
  const linked =
    typeof taskId !== 'number' || !named
      ? null
      : namedTask !== undefined
        ? namedTask
        : await references.task(ownerId, taskId);
  if (linked === null) return { resolved, problems };
  return pipe(
    linksFollowingTask(
      linked,
      { projectId: given[project], clientId: given[client] },
      { projectId: resolved[project], clientId: resolved[client] },
    ),
    E.match(
      ({ field }) => {
        const named = field === 'projectId' ? project : client;
        const mismatch = {
          field: named,
          code: 'MISMATCH',
          message: `${named} differs from the task's`,
        } as const;
        return { resolved, problems: [...problems, mismatch] };
      },
      (links) => ({
        resolved: { ...resolved, [project]: links.projectId, [client]: links.clientId },
        problems,
      }),
    ),
  );
};

/**
 * The record's client follows its project (`clientFollowingProject`; on an edit, the record's
 * current project counts as given), checked whenever the change names either.
 */
const followingProject = async <K extends RecordKindName, F extends LinkValues<K>>(
  { references, ownerId, fields, given }: Change<K>,
  { resolved, problems }: Resolving<F>,
): Promise<Resolving<F>> => {
  const { project, client } = fields;
  if (project === undefined || client === undefined) return { resolved, problems };
  const projectId = resolved[project];
  const named = given[project] !== undefined || given[client] !== undefined;
  if (typeof projectId !== 'number' || !named) return { resolved, problems };
  const found = await references.project(ownerId, projectId);
  if (found === null) return { resolved, problems: [...problems, notYours(project)] };
  return pipe(
    clientFollowingProject(found.clientId, given[client], resolved[client]),
    E.match(
      () => {
        const mismatch = {
          field: client,
          code: 'MISMATCH',
          message: `${client} differs from the project's client`,
        } as const;
        return { resolved, problems: [...problems, mismatch] };
      },
      (clientId) => ({ resolved: { ...resolved, [client]: clientId }, problems }),
    ),
  );
};

/**
 * Applies `changes` to `current` and checks every reference they introduce (the fields
 * `REFERENCES[kind]` names): records must be the owner's, an assignee any existing user. A record
 * linked to a task takes the task's project and client; the record's client follows its project.
 */
export const resolveReferences = async <K extends RecordKindName, F extends LinkValues<K>>(
  references: ReferenceLookup,
  ownerId: UserId,
  kind: K,
  current: F,
  changes: Partial<F>,
): Promise<E.Either<InvalidReference, F>> => {
  const { problems: missing, namedTask } = await missingReferences(references, ownerId, kind, changes);
  const change: Change<K> = {
    references,
    ownerId,
    fields: linkFieldsOf(kind),
    given: changes,
    ...(namedTask === undefined ? {} : { namedTask }),
  };
  const linked = await followingTask(change, { resolved: { ...current, ...changes }, problems: missing });
  const { resolved, problems } = await followingProject(change, linked);
  return problems.length > 0 ? E.left(invalidReference(problems)) : E.right(resolved);
};
