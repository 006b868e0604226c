import type { ApiKeyStore } from '../../../application/ports/api-key-store.port.js';
import type { ApiKey } from '../../../domain/api-key/api-key.js';
import { needsLastUsedTouch } from '../../../domain/api-key/api-key.js';
import type { InMemoryDatabase } from './in-memory-database.js';

export class InMemoryApiKeyStore implements ApiKeyStore {
  constructor(private readonly database: InMemoryDatabase) {}

  async findByDigest(digest: string): Promise<ApiKey | null> {
    for (const key of this.database.state.apiKeys.values()) if (key.digest === digest) return key;
    return null;
  }

  touchLastUsed(id: number, at: Date): Promise<void> {
    return this.database.transaction(async (draft) => {
      const key = draft.apiKeys.get(id);
      if (!key || !needsLastUsedTouch(key, at)) return { commit: false, value: undefined };
      draft.apiKeys.set(id, { ...key, lastUsedAt: at });
      return { commit: true, value: undefined };
    });
  }
}
