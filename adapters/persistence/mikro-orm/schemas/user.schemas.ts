import { EntitySchema } from '@mikro-orm/core';
import { epochMillis } from './column-types.js';

export interface UserRecord {
  id: number;
  name: string;
  timezone: string;
  createdAt: number;
}

export const UserSchema = new EntitySchema<UserRecord>({
  name: 'UserRecord',
  tableName: 'users',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    name: { type: 'string', length: 191, unique: 'users_name_unique' },
    timezone: { type: 'string', length: 64 },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
  },
});

export interface ApiKeyRecord {
  id: number;
  userId: number;
  digest: string;
  displayPrefix: string;
  /** Comma-separated scopes. */
  scopes: string;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

export const ApiKeySchema = new EntitySchema<ApiKeyRecord>({
  name: 'ApiKeyRecord',
  tableName: 'api_keys',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { kind: 'm:1', type: 'UserRecord', mapToPk: true, fieldName: 'user_id', deleteRule: 'cascade' },
    digest: { type: 'string', length: 64, unique: 'api_keys_digest_unique' },
    displayPrefix: { type: 'string', length: 32, fieldName: 'display_prefix' },
    scopes: { type: 'text' },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    expiresAt: { type: epochMillis(), fieldName: 'expires_at', nullable: true },
    revokedAt: { type: epochMillis(), fieldName: 'revoked_at', nullable: true },
    lastUsedAt: { type: epochMillis(), fieldName: 'last_used_at', nullable: true },
  },
});
