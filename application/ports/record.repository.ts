import type { UserId } from '../../domain/task/task.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { RecordKindName } from '../../domain/workspace/references.js';

/** A record's fields with the times it was created and last changed. */
export type Timestamped<F> = F & { readonly createdAt: Date; readonly updatedAt: Date };

/** Write-side access to one kind of owned record, inside a unit of work. */
export interface RecordRepository<F> {
  /** The record if `ownerId` owns it; another owner's record is reported as missing. */
  findOwned(ownerId: UserId, id: number): Promise<Stored<F> | null>;
  /** As `findOwned`, and the row stays locked until the unit of work ends (where rows can be locked). */
  findOwnedForUpdate(ownerId: UserId, id: number): Promise<Stored<F> | null>;
  add(ownerId: UserId, fields: F, at: Date): Promise<Stored<F>>;
  /**
   * Stores records that keep their own creation and last change times (an import's), in as few
   * statements as the database allows; answers them as stored, in the order given.
   */
  addAll(ownerId: UserId, records: readonly Timestamped<F>[]): Promise<Stored<F>[]>;
  update(record: Stored<F>): Promise<void>;
  delete(id: number): Promise<void>;
}

export interface RecordUsage {
  /** Whether any record still points at it, through any reference `REFERENCES` lists. */
  isReferenced(kind: RecordKindName, id: number): Promise<boolean>;
  /** Whether the owner has any record of their own: a task, client, project, note, category, card, time or money record. */
  ownsAny(ownerId: UserId): Promise<boolean>;
}
