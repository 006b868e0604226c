import type { WorkspaceExport } from '../../../application/portability/export-workspace.use-case.js';
import type { ImportSummary } from '../../../application/portability/import-document.js';
import {
  EXPORT_SECTIONS,
  type ExportedGamification,
  type ExportedRecords,
  type ExportSection,
} from '../../../application/ports/workspace-export.port.js';
import { presentRecord } from './resource.presenter.js';
import { presentHistoryEntry } from './task.presenter.js';
import { serverInstant } from './wire-values.js';

/** What the document says it is: an importer refuses another format or a later version. */
export const EXPORT_FORMAT = 'workspace-api/export';
export const EXPORT_VERSION = 1;

/** Text is handed on in pieces of about this many characters: few writes, none large. */
const PIECE = 64 * 1024;

type Presenters = { readonly [S in ExportSection]: (record: ExportedRecords[S]) => object };

const PRESENTERS: Presenters = {
  clients: (record) => presentRecord('clients', record),
  projects: (record) => presentRecord('projects', record),
  categories: (record) => presentRecord('categories', record),
  cards: (record) => presentRecord('cards', record),
  tasks: (record) => presentRecord('tasks', record),
  task_history: presentHistoryEntry,
  notes: (record) => presentRecord('notes', record),
  times: (record) => presentRecord('times', record),
  moneys: (record) => presentRecord('moneys', record),
};

/** The profile as it stands, and the completions whose points stand: what restores it exactly. */
export const presentExportedGamification = ({ profile, completions }: ExportedGamification) => ({
  total_points: profile.totalPoints,
  best_streak_days: profile.bestStreakDays,
  achievements: profile.achievements.map((a) => ({ code: a.code, unlocked_at: serverInstant(a.unlockedAt) })),
  completions: completions.map((c) => ({
    task_id: c.taskId,
    day: c.day,
    points: c.points,
    completed_at: serverInstant(c.completedAt),
  })),
});

/** One section as `,"name":[…]`, in pieces. */
async function* sectionText<S extends ExportSection>(
  exported: WorkspaceExport,
  section: S,
): AsyncGenerator<string> {
  const present: Presenters[S] = PRESENTERS[section];
  let text = `,${JSON.stringify(section)}:[`;
  let first = true;
  for await (const record of exported.section(section)) {
    text += `${first ? '' : ','}${JSON.stringify(present(record))}`;
    first = false;
    if (text.length >= PIECE) {
      yield text;
      text = '';
    }
  }
  yield `${text}]`;
}

/**
 * The export document (CONTRACT §12) as JSON text, written as the records are read: each section's
 * records as `GET` shows them, in id order, then the gamification.
 */
export async function* exportDocument(exported: WorkspaceExport): AsyncGenerator<string> {
  const head = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: exported.exportedAt.toISOString(),
    user: exported.user,
  };
  yield JSON.stringify(head).slice(0, -1);
  for (const section of EXPORT_SECTIONS) yield* sectionText(exported, section);
  yield `,"gamification":${JSON.stringify(presentExportedGamification(await exported.gamification()))}}`;
}

/** What an import stored: each section's count, and what it changed on the way (`warnings`). */
export const presentImportSummary = (summary: ImportSummary) => ({
  imported: summary.imported,
  warnings: summary.warnings.map((warning) => ({
    code: warning.code,
    count: warning.count,
    message: warning.message,
  })),
});
