import type { StatusChange } from '../../domain/task/status-change.js';

export interface TaskHistoryRepository {
  append(change: StatusChange): Promise<void>;
}
