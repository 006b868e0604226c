import type { StatusChange } from '../../domain/task/status-change.js';

export interface TaskHistoryRepository {
  append(change: StatusChange): Promise<void>;
  /** Appends entries (an import's) as `append` does each, in fewer statements. */
  appendAll(changes: readonly StatusChange[]): Promise<void>;
}
