import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { TimeZone } from '../../domain/shared/time-zone.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type {
  ExportedGamification,
  ExportedRecords,
  ExportSection,
  WorkspaceExportReader,
} from '../ports/workspace-export.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, UnknownUser } from '../shared/errors.js';

/** Records read per statement while an export is written. */
export const EXPORT_PAGE = 1_000;

/**
 * A workspace's export as it is read (CONTRACT §12): each section's records come a page at a time
 * as they are consumed, so that a writer can send them on as it reads them and never hold a
 * section whole. Sections read after a write committed may show it: export a workspace at rest for
 * an exact copy.
 */
export interface WorkspaceExport {
  readonly user: { readonly name: string; readonly timezone: TimeZone };
  readonly exportedAt: Date;
  section<S extends ExportSection>(section: S): AsyncIterable<ExportedRecords[S]>;
  gamification(): Promise<ExportedGamification>;
}

export type ExportWorkspaceError = UnknownUser | InfrastructureError;

/** Every record of the caller's workspace, for a backup or a move to another instance. */
export class ExportWorkspace {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly reader: WorkspaceExportReader,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor): TE.TaskEither<ExportWorkspaceError, WorkspaceExport> {
    const { reader } = this;
    const ownerId = actor.userId;
    return this.unitOfWork.run(async (repositories) => {
      const user = await repositories.users.findById(ownerId);
      if (user === null) return E.left<UnknownUser>({ _tag: 'UnknownUser', userId: ownerId });
      return E.right({
        user: { name: user.name, timezone: user.timezone },
        exportedAt: this.clock.now(),
        section: <S extends ExportSection>(section: S) => ({
          async *[Symbol.asyncIterator]() {
            for (let afterId = 0; ; ) {
              const page = await reader.page(section, ownerId, afterId, EXPORT_PAGE);
              yield* page;
              const last = page[page.length - 1];
              if (page.length < EXPORT_PAGE || last === undefined) return;
              afterId = last.id;
            }
          },
        }),
        gamification: () => reader.gamification(ownerId),
      });
    });
  }
}
