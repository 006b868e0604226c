import type { ApiKey } from '../../domain/api-key/api-key.js';

/** The hot path of every request: find a key by its digest. Not bound to any unit of work. */
export interface ApiKeyStore {
  findByDigest(digest: string): Promise<ApiKey | null>;
  /** Sets last_used_at unless another request already did so within the last minute. */
  touchLastUsed(id: number, at: Date): Promise<void>;
}
