import type * as t from 'io-ts';
import { ACHIEVEMENTS, type AchievementCode } from '../../domain/gamification/achievements.js';
import type { ExportSection } from '../ports/workspace-export.port.js';
import { createClientInput } from '../records/kinds/client.kind.js';
import { createMoneyInput } from '../records/kinds/money.kind.js';
import { createNamedInput } from '../records/kinds/named.kind.js';
import { createNoteInput } from '../records/kinds/note.kind.js';
import { createProjectInput } from '../records/kinds/project.kind.js';
import { createTimeInput } from '../records/kinds/time.kind.js';
import type { AnyObjectCodec } from '../records/record-kind.js';
import { type Fields, nullable, type ObjectCodec, object } from '../shared/codecs.js';
import { instant, integer, localDate, recordId, textChoice, timeZone } from '../shared/fields.js';
import { createTaskInput, taskStatusCodec } from '../tasks/task.codecs.js';

/**
 * The records of an export document (CONTRACT §12) as an import reads them: each record's fields
 * as its create takes them, and what an import keeps besides (its id, for the references to it, and
 * its times). A record read by these codecs is checked as a create would check it.
 */

/** What every record of a document carries beside its fields. */
const kept = { id: recordId('Id'), createdAt: instant('CreatedAt'), updatedAt: instant('UpdatedAt') };

/** A section's record: the create's fields and required keys, and the kept ones. */
const imported = <F extends Fields, R extends keyof F & string>(name: string, create: ObjectCodec<F, R>) =>
  object(
    `Imported${name}`,
    { ...create.fields, ...kept },
    { required: ['id', ...(create.options.required ?? [])], ignored: ['ownerId'] },
  );

export const importedClient = imported('Client', createClientInput);
export const importedProject = imported('Project', createProjectInput);
export const importedNamed = imported('Named', createNamedInput);
export const importedNote = imported('Note', createNoteInput);
export const importedTime = imported('Time', createTimeInput);
export const importedMoney = imported('Money', createMoneyInput);

export const importedTask = object(
  'ImportedTask',
  {
    ...createTaskInput.fields,
    ...kept,
    clientTaskId: recordId('ClientTaskId'),
    completedAt: nullable(instant('CompletedAt')),
  },
  { required: ['id', 'title', 'clientTaskId'], ignored: ['ownerId', 'clientTaskIdFormatted'] },
);

/** A status history entry: who made the change is the importing owner, whoever it was. */
export const importedHistoryEntry = object(
  'ImportedHistoryEntry',
  {
    id: recordId('Id'),
    taskId: recordId('TaskId'),
    fromStatus: nullable(taskStatusCodec),
    toStatus: taskStatusCodec,
    changedAt: instant('ChangedAt'),
  },
  { required: ['id', 'taskId', 'toStatus', 'changedAt'], ignored: ['changedBy'] },
);

/** Each section's codec of one record. */
export const SECTION_CODECS = {
  clients: importedClient,
  projects: importedProject,
  categories: importedNamed,
  cards: importedNamed,
  tasks: importedTask,
  task_history: importedHistoryEntry,
  notes: importedNote,
  times: importedTime,
  moneys: importedMoney,
} as const satisfies Record<ExportSection, AnyObjectCodec>;

/** A section's record as decoded. */
export type ImportedRecords = { readonly [S in ExportSection]: t.TypeOf<(typeof SECTION_CODECS)[S]> };

/** The owner's user as the document has it: the name is the exporting instance's and is not kept. */
export const importedUser = object('ImportedUser', { timezone: timeZone }, { ignored: ['name'] });

/** The gamification's figures; its achievements and completions are read one by one. */
export const importedGamificationTotals = object(
  'ImportedGamification',
  {
    totalPoints: integer('TotalPoints', 0, Number.MAX_SAFE_INTEGER),
    bestStreakDays: integer('BestStreakDays', 0, 1_000_000),
  },
  { required: ['totalPoints', 'bestStreakDays'], ignored: ['achievements', 'completions'] },
);

const ACHIEVEMENT_CODES: readonly AchievementCode[] = ACHIEVEMENTS.map((achievement) => achievement.code);

export const importedAchievement = object(
  'ImportedAchievement',
  {
    code: textChoice<AchievementCode>('AchievementCode', ACHIEVEMENT_CODES),
    unlockedAt: instant('UnlockedAt'),
  },
  { required: ['code', 'unlockedAt'] },
);

export const importedCompletion = object(
  'ImportedCompletion',
  {
    taskId: recordId('TaskId'),
    day: localDate('Day'),
    points: integer('Points', 0, 1_000_000),
    completedAt: instant('CompletedAt'),
  },
  { required: ['taskId', 'day', 'points', 'completedAt'] },
);

export type ImportedGamificationTotals = t.TypeOf<typeof importedGamificationTotals>;
export type ImportedAchievement = t.TypeOf<typeof importedAchievement>;
export type ImportedCompletion = t.TypeOf<typeof importedCompletion>;
