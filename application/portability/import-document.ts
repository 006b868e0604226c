import type { TimeZone } from '../../domain/shared/time-zone.js';
import type { ExportSection } from '../ports/workspace-export.port.js';
import type { ValidationDetail } from '../shared/validation-detail.js';
import type {
  ImportedAchievement,
  ImportedCompletion,
  ImportedGamificationTotals,
  ImportedRecords,
} from './import.codecs.js';

/** One record of a section, decoded, and where the document has it (`tasks[3]`). */
export type ImportedRecordItem = {
  readonly [S in ExportSection]: {
    readonly kind: 'record';
    readonly section: S;
    readonly place: string;
    readonly record: ImportedRecords[S];
  };
}[ExportSection];

/**
 * An export document (CONTRACT §12) as its reader hands it over, in the document's order, each part
 * decoded where it was read: the owner's zone, each record, the gamification's parts, the problems
 * found in what could not be decoded (each named by its place), or that it is not JSON at all.
 */
export type ImportItem =
  | { readonly kind: 'user'; readonly timezone: TimeZone | undefined }
  | ImportedRecordItem
  | { readonly kind: 'gamification'; readonly totals: ImportedGamificationTotals }
  | { readonly kind: 'achievement'; readonly achievement: ImportedAchievement }
  | { readonly kind: 'completion'; readonly place: string; readonly completion: ImportedCompletion }
  | {
      readonly kind: 'problems';
      readonly details: readonly ValidationDetail[];
      /** The record they are of, when its id could be read: what points at it is not reported too. */
      readonly record?: { readonly section: ExportSection; readonly id: number };
    }
  | { readonly kind: 'unreadable'; readonly message: string };

/** A document read as it arrives. */
export type ImportDocument = AsyncIterable<ImportItem>;

/** Something imported otherwise than the document has it, and how often. */
export interface ImportWarning {
  readonly code: 'ASSIGNEE_DROPPED';
  readonly message: string;
  readonly count: number;
}

/** What an import stored: each section's count, and its warnings. */
export interface ImportSummary {
  readonly imported: { readonly [S in ExportSection]: number };
  readonly warnings: readonly ImportWarning[];
}
