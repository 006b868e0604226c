import type { ApiKey, NewApiKey } from '../../domain/api-key/api-key.js';
import type { UserId } from '../../domain/task/task.js';

/** Key management (the CLI's side). */
export interface ApiKeyRepository {
  add(key: NewApiKey): Promise<ApiKey>;
  listByUser(userId: UserId): Promise<ApiKey[]>;
  findById(id: number): Promise<ApiKey | null>;
  revoke(id: number, at: Date): Promise<void>;
}
