import { defineEntity, p } from '@mikro-orm/core';
import type { ApiKey } from '../../../../domain/api-key/api-key.js';
import { parseScope, type Scope } from '../../../../domain/api-key/scope.js';
import { parseTimeZone } from '../../../../domain/shared/time-zone.js';
import type { User } from '../../../../domain/user/user.js';
import { BoundedCache } from '../bounded-cache.js';
import { type Row, RowReader } from '../row-decoding.js';
import { epochMillis, idColumn } from './column-types.js';

export interface UserRecord {
  id: number;
  name: string;
  timezone: string;
  createdAt: number;
}

export const UserSchema = defineEntity({
  name: 'UserRecord',
  tableName: 'users',
  properties: {
    id: idColumn(),
    name: p.string().length(191).unique('users_name_unique'),
    timezone: p.string().length(64),
    createdAt: epochMillis().fieldName('created_at'),
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

export const ApiKeySchema = defineEntity({
  name: 'ApiKeyRecord',
  tableName: 'api_keys',
  properties: {
    id: idColumn(),
    userId: () => p.manyToOne(UserSchema).mapToPk().fieldName('user_id').deleteRule('cascade'),
    digest: p.string().length(64).unique('api_keys_digest_unique'),
    displayPrefix: p.string().length(32).fieldName('display_prefix'),
    scopes: p.text(),
    createdAt: epochMillis().fieldName('created_at'),
    expiresAt: epochMillis().fieldName('expires_at').nullable(),
    revokedAt: epochMillis().fieldName('revoked_at').nullable(),
    lastUsedAt: epochMillis().fieldName('last_used_at').nullable(),
  },
});

export const userFromRecord = (row: Row): User => {
  const read = new RowReader<keyof UserRecord>('users', row);
  return {
    id: read.integer('id'),
    name: read.text('name'),
    timezone: read.parsed('timezone', parseTimeZone),
    createdAt: read.instant('createdAt'),
  };
};

const parseScopes = (text: string): readonly Scope[] | null => {
  const scopes = text.split(',').map(parseScope);
  return scopes.every((scope) => scope !== null)
    ? Object.freeze(scopes.filter((scope) => scope !== null))
    : null;
};

/** Every request reads its key's scopes; the few distinct lists in use are parsed once each. */
const parsedScopeLists = new BoundedCache<string, readonly Scope[] | null>(256);

const scopesOf = (text: string): readonly Scope[] | null => parsedScopeLists.getOrMake(text, parseScopes);

export const apiKeyFromRecord = (row: Row): ApiKey => {
  const read = new RowReader<keyof ApiKeyRecord>('api_keys', row);
  return {
    id: read.integer('id'),
    userId: read.integer('userId'),
    digest: read.text('digest'),
    displayPrefix: read.text('displayPrefix'),
    scopes: read.parsed('scopes', scopesOf),
    createdAt: read.instant('createdAt'),
    expiresAt: read.instantOrNull('expiresAt'),
    revokedAt: read.instantOrNull('revokedAt'),
    lastUsedAt: read.instantOrNull('lastUsedAt'),
  };
};

export const apiKeyToRecord = (key: Omit<ApiKey, 'id'>): Omit<ApiKeyRecord, 'id'> => ({
  userId: key.userId,
  digest: key.digest,
  displayPrefix: key.displayPrefix,
  scopes: key.scopes.join(','),
  createdAt: key.createdAt.getTime(),
  expiresAt: key.expiresAt?.getTime() ?? null,
  revokedAt: key.revokedAt?.getTime() ?? null,
  lastUsedAt: key.lastUsedAt?.getTime() ?? null,
});
