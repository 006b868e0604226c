import type {
  ExportedGamification,
  ExportedRecords,
  ExportSection,
  WorkspaceExportReader,
} from '../../../application/ports/workspace-export.port.js';
import type { UserId } from '../../../domain/task/task.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import { type InMemoryState, profileOf } from './in-memory-state.js';
import { handedOut } from './paging.js';

type Sections = {
  readonly [S in ExportSection]: (state: InMemoryState, ownerId: UserId) => Iterable<ExportedRecords[S]>;
};

const owned =
  <A extends { readonly ownerId: number }>(tableOf: (state: InMemoryState) => ReadonlyMap<number, A>) =>
  (state: InMemoryState, ownerId: UserId): A[] =>
    [...tableOf(state).values()].filter((record) => record.ownerId === ownerId);

const SECTIONS: Sections = {
  clients: owned((state) => state.clients),
  projects: owned((state) => state.projects),
  categories: owned((state) => state.categories),
  cards: owned((state) => state.cards),
  tasks: owned((state) => state.tasks),
  task_history: (state, ownerId) =>
    [...state.history.entries()].flatMap(([taskId, entries]) =>
      state.tasks.get(taskId)?.ownerId === ownerId ? entries : [],
    ),
  notes: owned((state) => state.notes),
  times: owned((state) => state.times),
  moneys: owned((state) => state.moneys),
};

/** A workspace's export from the committed state, by id. */
export class InMemoryExportReader implements WorkspaceExportReader {
  constructor(private readonly database: InMemoryDatabase) {}

  async page<S extends ExportSection>(
    section: S,
    ownerId: UserId,
    afterId: number,
    limit: number,
  ): Promise<readonly ExportedRecords[S][]> {
    const read: Sections[S] = SECTIONS[section];
    return [...read(this.database.state, ownerId)]
      .filter((record) => record.id > afterId)
      .sort((a, b) => a.id - b.id)
      .slice(0, limit)
      .map(handedOut);
  }

  async gamification(ownerId: UserId): Promise<ExportedGamification> {
    const { state } = this.database;
    const profile = profileOf(ownerId, state.profiles.get(ownerId));
    const completions = [...state.completions.values()]
      .flat()
      .filter((completion) => completion.userId === ownerId && completion.revokedAt === null)
      .map(({ revokedAt: _, ...completion }) => completion)
      .sort((a, b) => a.completedAt.getTime() - b.completedAt.getTime() || a.taskId - b.taskId);
    return handedOut({ profile, completions });
  }
}
