import type { ApiKeyStore } from '../../../../application/ports/api-key-store.port.js';
import { type ApiKey, LAST_USED_RESOLUTION_MS } from '../../../../domain/api-key/api-key.js';
import { apiKeyFromRecord } from '../schemas/user.schemas.js';
import type { ApiKeyCache } from './api-key-cache.js';
import type { SqlRunner } from './sql-runner.js';

const FIND_BY_DIGEST =
  'select id, user_id as "userId", digest, display_prefix as "displayPrefix", scopes, ' +
  'created_at as "createdAt", expires_at as "expiresAt", revoked_at as "revokedAt", last_used_at as "lastUsedAt" ' +
  'from api_keys where digest = ?';

/** The guard makes concurrent requests (and other instances) write at most once a minute. */
const TOUCH =
  'update api_keys set last_used_at = ? where id = ? and (last_used_at is null or last_used_at <= ?)';

/**
 * Keys are read on the read side's connection, and kept a few seconds (`ApiKeyCache`); the last-use
 * refresh goes through the writer, which waits for any open unit of work instead of joining it (and
 * being rolled back with it).
 */
export class SqlApiKeyStore implements ApiKeyStore {
  constructor(
    private readonly reader: SqlRunner,
    private readonly writer: SqlRunner,
    private readonly cache: ApiKeyCache,
  ) {}

  async findByDigest(digest: string): Promise<ApiKey | null> {
    const cached = this.cache.get(digest);
    if (cached !== undefined) return cached;
    const mark = this.cache.mark();
    const row = await this.reader.get(FIND_BY_DIGEST, [digest]);
    if (!row) return null;
    const key = apiKeyFromRecord(row);
    this.cache.set(key, mark);
    return key;
  }

  async touchLastUsed(id: number, at: Date): Promise<void> {
    // Marked before the write, so the requests meanwhile do not each start one.
    this.cache.touched(id, at);
    await this.writer.run(TOUCH, [at.getTime(), id, at.getTime() - LAST_USED_RESOLUTION_MS]);
  }
}
