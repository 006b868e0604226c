import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { localDayIn } from '../../domain/shared/time-zone.js';
import type { User } from '../../domain/user/user.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type Conflict,
  conflict,
  type InfrastructureError,
  type UnknownUser,
  type UnreadableDocument,
  type ValidationFailed,
} from '../shared/errors.js';
import type { ImportDocument, ImportSummary } from './import-document.js';
import { ImportRun } from './import-run.js';

export type ImportWorkspaceError =
  | ValidationFailed
  | UnreadableDocument
  | Conflict<'WORKSPACE_NOT_EMPTY'>
  | UnknownUser
  | InfrastructureError;

const notEmpty = conflict(
  'WORKSPACE_NOT_EMPTY',
  'An import goes into an empty workspace: this user already has records. Import as a new user, or delete them first.',
);

/**
 * Restores an export document into the caller's empty workspace (CONTRACT §12), all of it in one
 * unit of work or none of it: a document with any problem stores nothing. Its records are written
 * as they are read, so a large document is never held whole.
 */
export class ImportWorkspace {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, document: ImportDocument): TE.TaskEither<ImportWorkspaceError, ImportSummary> {
    const ownerId = actor.userId;
    return this.unitOfWork.run((repositories: Repositories) =>
      pipe(
        TE.Do,
        TE.bind('owner', () =>
          pipe(
            TE.fromTask(() => repositories.users.findById(ownerId)),
            TE.flatMap((user) =>
              user === null
                ? TE.left<UnknownUser, User>({ _tag: 'UnknownUser', userId: ownerId })
                : TE.right(user),
            ),
          ),
        ),
        // Loading the profile locks it (where rows lock): two imports for one user take turns here.
        TE.bind('profile', ({ owner }) =>
          TE.fromTask(() =>
            repositories.gamification.load(ownerId, localDayIn(owner.timezone, this.clock.now())),
          ),
        ),
        TE.tap(() =>
          pipe(
            TE.fromTask(() => repositories.usage.ownsAny(ownerId)),
            TE.flatMap((owns) => (owns ? TE.left(notEmpty) : TE.right(undefined))),
          ),
        ),
        TE.flatMap(
          ({ owner, profile }) =>
            () =>
              new ImportRun(repositories, ownerId, owner.timezone, this.clock.now()).read(document, profile),
        ),
      )(),
    );
  }
}
