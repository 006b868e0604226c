import type { Completion, GamificationProfile } from '../../domain/gamification/profile.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { Task, UserId } from '../../domain/task/task.js';
import type { ResourceRecords } from './current-records.port.js';

/** The sections of a workspace's export, in the document's order (CONTRACT §12). */
export const EXPORT_SECTIONS = [
  'clients',
  'projects',
  'categories',
  'cards',
  'tasks',
  'task_history',
  'notes',
  'times',
  'moneys',
] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/** What each section holds: the records as stored; tasks only the owner's own. */
export type ExportedRecords = Omit<ResourceRecords, 'tasks'> & {
  readonly tasks: Task;
  readonly task_history: StatusHistoryEntry;
};

/** The owner's gamification as it stands: what restores the profile exactly. */
export interface ExportedGamification {
  readonly profile: GamificationProfile;
  /** The completions whose points stand, oldest first. */
  readonly completions: readonly Completion[];
}

/**
 * Reads a whole workspace for its export, a page at a time, so that no section is held whole in
 * memory: each page is the owner's records of a section with ids above `afterId`, by id.
 */
export interface WorkspaceExportReader {
  page<S extends ExportSection>(
    section: S,
    ownerId: UserId,
    afterId: number,
    limit: number,
  ): Promise<readonly ExportedRecords[S][]>;
  gamification(ownerId: UserId): Promise<ExportedGamification>;
}
