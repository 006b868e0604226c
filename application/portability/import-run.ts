import * as E from 'fp-ts/lib/Either.js';
import type { Completion } from '../../domain/gamification/profile.js';
import type { GamificationState } from '../../domain/gamification/scoring.js';
import type { TimeZone } from '../../domain/shared/time-zone.js';
import type { StatusChange } from '../../domain/task/status-change.js';
import { type NewTask, numberingScope, TASK_DEFAULTS, type UserId } from '../../domain/task/task.js';
import { TaskStatus } from '../../domain/task/task-status.js';
import type { RecordKindName } from '../../domain/workspace/references.js';
import type { Timestamped } from '../ports/record.repository.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import type { ExportSection } from '../ports/workspace-export.port.js';
import { clientKind } from '../records/kinds/client.kind.js';
import { moneyKind } from '../records/kinds/money.kind.js';
import { cardKind, categoryKind } from '../records/kinds/named.kind.js';
import { noteKind } from '../records/kinds/note.kind.js';
import { projectKind } from '../records/kinds/project.kind.js';
import { timeKind } from '../records/kinds/time.kind.js';
import type { CreatableKind } from '../records/record-kind.js';
import { validationFailed } from '../shared/decode.js';
import type { UnreadableDocument, ValidationFailed } from '../shared/errors.js';
import { MAX_DETAILS, type ValidationDetail } from '../shared/validation-detail.js';
import { placeIn } from '../shared/wall-clock.js';
import { DocumentIds } from './document-ids.js';
import type { ImportedAchievement, ImportedGamificationTotals, ImportedRecords } from './import.codecs.js';
import type { ImportDocument, ImportedRecordItem, ImportItem, ImportSummary } from './import-document.js';
import { PendingRows, ROWS_PER_STORE } from './pending-rows.js';

/** The sections of plain records: all but tasks and their history. */
type RecordSection = Exclude<ExportSection, 'tasks' | 'task_history'>;

/** What a record of the document carries beside its fields. */
interface Kept {
  readonly id: number;
  readonly createdAt?: Date;
  readonly updatedAt?: Date;
}

/** The kind of record each section holds. */
const SECTION_KINDS: { readonly [S in Exclude<ExportSection, 'task_history'>]: RecordKindName } = {
  clients: 'client',
  projects: 'project',
  categories: 'category',
  cards: 'card',
  tasks: 'task',
  notes: 'note',
  times: 'time',
  moneys: 'money',
};

/** A completion of a task the document does not hold (deleted since): its points stand, on no task. */
const NO_TASK = 0;

/**
 * One import in one unit of work: the document's records stored as they are read, each reference
 * turned from the document's id into the new record's. A record may only point at one the document
 * holds before it (the export's order). After the first problem nothing more is written (it will
 * all be rolled back), and the rest is still read so that every problem is named.
 */
export class ImportRun {
  private readonly ids = new DocumentIds((field, code, message) => this.problem(field, code, message));
  private readonly details: ValidationDetail[] = [];
  private omitted = 0;
  private readonly counts: { [S in ExportSection]: number } = {
    clients: 0,
    projects: 0,
    categories: 0,
    cards: 0,
    tasks: 0,
    task_history: 0,
    notes: 0,
    times: 0,
    moneys: 0,
  };
  /** The highest task number taken in each numbering scope, and those taken. */
  private readonly numbers = new Map<number, number>();
  private readonly takenNumbers = new Set<string>();
  private totals: ImportedGamificationTotals | undefined;
  private readonly achievements: ImportedAchievement[] = [];
  private completions = 0;
  /** Completions read and not stored yet. */
  private pendingCompletions: Completion[] = [];
  /** The zone the document says its owner is in, if it says. */
  private documentZone: TimeZone | undefined;
  /** The records read and not stored yet, all of one section. */
  private pending: Pick<PendingRows<unknown>, 'section' | 'size' | 'stored'> | undefined;

  constructor(
    private readonly repositories: Repositories,
    private readonly ownerId: UserId,
    private readonly ownersZone: TimeZone,
    private readonly now: Date,
  ) {}

  /** The zone wall-clock values are read in: the document's owner's, else the importing owner's. */
  private get zone(): TimeZone {
    return this.documentZone ?? this.ownersZone;
  }

  async read(
    document: ImportDocument,
    profile: GamificationState,
  ): Promise<E.Either<ValidationFailed | UnreadableDocument, ImportSummary>> {
    for await (const item of document) {
      if (item.kind === 'unreadable') return E.left({ _tag: 'UnreadableDocument', message: item.message });
      await this.take(item);
    }
    await this.storePending();
    if (this.details.length > 0 || this.omitted > 0)
      return E.left(validationFailed(this.details, undefined, this.omitted));
    await this.finish(profile);
    return E.right({ imported: this.counts, warnings: this.warnings() });
  }

  private get failed(): boolean {
    return this.details.length > 0;
  }

  private problem(field: string, code: ValidationDetail['code'], message: string): void {
    if (this.details.length < MAX_DETAILS) this.details.push({ field, code, message });
    else this.omitted++;
  }

  private async take(item: Exclude<ImportItem, { kind: 'unreadable' }>): Promise<void> {
    switch (item.kind) {
      case 'problems':
        for (const detail of item.details) this.problem(detail.field, detail.code, detail.message);
        if (item.record !== undefined && item.record.section !== 'task_history')
          this.ids.readWithProblems(SECTION_KINDS[item.record.section], item.record.id);
        return;
      case 'user':
        this.documentZone = item.timezone ?? this.documentZone;
        return;
      case 'record':
        return this.record(item);
      case 'gamification':
        this.totals = item.totals;
        return;
      case 'achievement':
        this.achievements.push(item.achievement);
        return;
      case 'completion': {
        const { completion } = item;
        this.completions++;
        await this.storePending();
        if (this.failed) return;
        this.pendingCompletions.push({
          ...completion,
          userId: this.ownerId,
          taskId: this.ids.storedId('task', completion.taskId) ?? NO_TASK,
        });
        if (this.pendingCompletions.length >= ROWS_PER_STORE) await this.storeCompletions();
      }
    }
  }

  private async record(item: ImportedRecordItem): Promise<void> {
    const { place } = item;
    // A section's records point only at earlier sections': those are stored by now, their ids known.
    if (this.pending?.section !== item.section) await this.storePending();
    switch (item.section) {
      case 'tasks':
        return this.task(place, item.record);
      case 'task_history':
        return this.historyEntry(place, item.record);
      case 'clients':
        return this.plain(clientKind, item.section, place, item.record);
      case 'projects':
        return this.plain(projectKind, item.section, place, item.record);
      case 'categories':
        return this.plain(categoryKind, item.section, place, item.record);
      case 'cards':
        return this.plain(cardKind, item.section, place, item.record);
      case 'notes':
        return this.plain(noteKind, item.section, place, item.record);
      case 'times':
        return this.plain(timeKind, item.section, place, item.record);
      case 'moneys':
        return this.plain(moneyKind, item.section, place, item.record);
    }
  }

  /** Queues a record of `section` to be stored with the others read after it. */
  private async queue<R>(
    section: ExportSection,
    store: (rows: readonly R[]) => Promise<readonly number[]>,
    documentId: number,
    row: R,
  ): Promise<void> {
    if (this.pending?.section !== section) {
      await this.storePending();
      this.pending = new PendingRows(section, store);
    }
    // trust boundary: the rows waiting are this section's, of the one type its store takes.
    const pending = this.pending as unknown as PendingRows<R>;
    pending.add(documentId, row);
    if (pending.size >= ROWS_PER_STORE) await this.storePending();
  }

  /**
   * Stores the records waiting, notes their new ids, and appends their changes to the log: each is
   * written once and never again here, so the log need not wait for the commit.
   */
  private async storePending(): Promise<void> {
    const pending = this.pending;
    if (pending === undefined || pending.size === 0) return;
    if (this.failed) {
      this.pending = undefined;
      return;
    }
    const count = pending.size;
    const stored = await pending.stored();
    if (pending.section !== 'task_history') {
      const kind = SECTION_KINDS[pending.section];
      for (const [documentId, id] of stored) this.ids.stored(kind, documentId, id);
    }
    this.counts[pending.section] += count;
    await this.repositories.changeNotes.writeAhead();
  }

  /** A record of a section of plain records (not tasks), as its kind creates it. */
  private async plain<F extends object, G extends object>(
    kind: CreatableKind<F, G>,
    section: RecordSection,
    place: string,
    record: G & Kept,
  ): Promise<void> {
    const { id, createdAt, updatedAt, ...given } = record;
    // trust boundary: the record less its kept fields is the create's input its codec decoded.
    const draft = kind.draft(given as unknown as G);
    // trust boundary: the draft's fields placed in the zone are F, the document's ids in its references.
    const placed = placeIn(this.zone, draft.fields) as F;
    for (const rule of kind.rules?.(placed) ?? [])
      this.problem(`${place}.${rule.field}`, rule.code, rule.message);
    const fields: F = { ...placed, ...this.ids.links(kind.resource, place, placed) };
    if (!this.ids.read(kind.resource, place, id) || this.failed) return;
    const at = createdAt ?? this.now;
    await this.queue(
      section,
      async (rows: readonly Timestamped<F>[]) =>
        (await kind.repository(this.repositories).addAll(this.ownerId, rows)).map((stored) => stored.id),
      id,
      { ...fields, createdAt: at, updatedAt: updatedAt ?? at },
    );
  }

  private async task(place: string, record: ImportedRecords['tasks']): Promise<void> {
    const { id, createdAt, updatedAt, clientTaskId, completedAt, status, ...given } = record;
    const fields = {
      ...TASK_DEFAULTS,
      ...placeIn(this.zone, given),
      ...this.ids.links('task', place, given),
    };
    const scope = numberingScope(fields);
    if (this.takenNumbers.has(`${scope}:${clientTaskId}`))
      this.problem(
        `${place}.client_task_id`,
        'DUPLICATE',
        `another task of the same client has number ${clientTaskId}`,
      );
    this.takenNumbers.add(`${scope}:${clientTaskId}`);
    this.numbers.set(scope, Math.max(this.numbers.get(scope) ?? 0, clientTaskId));
    if (!this.ids.read('task', place, id) || this.failed) return;
    const at = createdAt ?? this.now;
    const task: NewTask = {
      ...fields,
      ownerId: this.ownerId,
      clientTaskId,
      status: status ?? TaskStatus.New,
      completedAt: completedAt ?? null,
      createdAt: at,
      updatedAt: updatedAt ?? at,
      version: 1,
    };
    await this.queue(
      'tasks',
      async (rows: readonly NewTask[]) =>
        (await this.repositories.tasks.addAll(rows)).map((added) => added.id),
      id,
      task,
    );
  }

  private async historyEntry(place: string, entry: ImportedRecords['task_history']): Promise<void> {
    const taskId = this.ids.remapped(`${place}.task_id`, 'task', entry.taskId);
    if (taskId === null || this.failed) return;
    const change: StatusChange = {
      taskId,
      from: entry.fromStatus ?? null,
      to: entry.toStatus,
      changedBy: this.ownerId,
      changedAt: entry.changedAt,
    };
    await this.queue(
      'task_history',
      async (rows: readonly StatusChange[]) => {
        await this.repositories.history.appendAll(rows);
        return [];
      },
      entry.id,
      change,
    );
  }

  private async storeCompletions(): Promise<void> {
    const completions = this.pendingCompletions;
    this.pendingCompletions = [];
    if (!this.failed) await this.repositories.gamification.recordCompletions(completions);
  }

  /** What holds for the workspace as a whole: the owner's zone, task numbers, the profile. */
  private async finish({ profile, ledger }: GamificationState): Promise<void> {
    await this.storeCompletions();
    if (this.documentZone !== undefined)
      await this.repositories.users.setTimezone(this.ownerId, this.documentZone);
    for (const [scope, taken] of this.numbers)
      await this.repositories.taskNumbers.raiseTo(this.ownerId, scope, taken);
    if (this.totals === undefined) return;
    await this.repositories.gamification.save({
      ledger,
      profile: {
        ...profile,
        totalPoints: this.totals.totalPoints,
        bestStreakDays: this.totals.bestStreakDays,
        standingCompletions: profile.standingCompletions + this.completions,
        achievements: this.achievements,
      },
    });
  }

  private warnings(): ImportSummary['warnings'] {
    const { assigneesDropped } = this.ids;
    if (assigneesDropped === 0) return [];
    return [
      {
        code: 'ASSIGNEE_DROPPED',
        count: assigneesDropped,
        message: `${assigneesDropped} tasks named an assignee, a user of the instance they came from: they are imported without one.`,
      },
    ];
  }
}
