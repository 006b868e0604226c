import type { UserId } from '../../domain/task/task.js';
import type { Stored } from '../../domain/workspace/records.js';

/** Write-side access to one kind of owned record, inside a unit of work. */
export interface RecordRepository<F> {
  /** The record if `ownerId` owns it; another owner's record is reported as missing. */
  findOwned(ownerId: UserId, id: number): Promise<Stored<F> | null>;
  add(ownerId: UserId, fields: F, at: Date): Promise<Stored<F>>;
  update(record: Stored<F>): Promise<void>;
  delete(id: number): Promise<void>;
}

/** Records other records point at, and what points at them. */
export type ReferencedKind = 'client' | 'project' | 'category' | 'card';

export interface RecordUsage {
  /** Whether any task, project, note, time or money record still references it. */
  isReferenced(kind: ReferencedKind, id: number): Promise<boolean>;
}
