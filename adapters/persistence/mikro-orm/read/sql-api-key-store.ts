import type { ApiKeyStore } from '../../../../application/ports/api-key-store.port.js';
import { type ApiKey, LAST_USED_RESOLUTION_MS } from '../../../../domain/api-key/api-key.js';
import type { Statements } from '../orm-runner.js';
import { COLUMNS } from '../schemas/columns.js';
import { apiKeyFromRow } from '../schemas/user.schemas.js';
import type { ApiKeyCache } from './api-key-cache.js';

/**
 * Keys are read on the read side's connection, and kept a few seconds (`ApiKeyCache`); the last-use
 * refresh goes through the writer, which does not join an open unit of work (and so is not rolled
 * back with it).
 */
export class SqlApiKeyStore implements ApiKeyStore {
  constructor(
    private readonly reader: Statements,
    private readonly writer: Statements,
    private readonly cache: ApiKeyCache,
  ) {}

  async findByDigest(digest: string): Promise<ApiKey | null> {
    const cached = this.cache.get(digest);
    if (cached !== undefined) return cached;
    const mark = this.cache.mark();
    const row = await this.reader.first(
      this.reader.db.selectFrom('api_keys').select(COLUMNS.api_keys).where('digest', '=', digest),
    );
    if (!row) return null;
    const key = apiKeyFromRow(row);
    this.cache.set(key, mark);
    return key;
  }

  async touchLastUsed(id: number, at: Date): Promise<void> {
    // Marked before the write, so the requests meanwhile do not each start one.
    this.cache.touched(id, at);
    const { db } = this.writer;
    // The guard makes concurrent requests (and other instances) write at most once a minute.
    await this.writer.run(
      db
        .updateTable('api_keys')
        .set({ last_used_at: at.getTime() })
        .where('id', '=', id)
        .where((row) =>
          row.or([
            row('last_used_at', 'is', null),
            row('last_used_at', '<=', at.getTime() - LAST_USED_RESOLUTION_MS),
          ]),
        ),
    );
  }
}
