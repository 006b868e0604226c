import { defineEntity, p } from '@mikro-orm/core';
import type { InferKyselyTable } from '@mikro-orm/sql';
import type { Insertable, Selectable } from 'kysely';
import type { ApiKey } from '../../../../domain/api-key/api-key.js';
import { parseScope, type Scope } from '../../../../domain/api-key/scope.js';
import { parseTimeZone } from '../../../../domain/shared/time-zone.js';
import type { User } from '../../../../domain/user/user.js';
import { BoundedCache } from '../bounded-cache.js';
import { domainValue, instant, instantOrNull } from '../typed-values.js';
import { epochMillis, idColumn } from './column-types.js';

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

export type UserRow = Selectable<InferKyselyTable<typeof UserSchema>>;
export type ApiKeyRow = Selectable<InferKyselyTable<typeof ApiKeySchema>>;

export const userFromRow = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  timezone: domainValue('users', 'timezone', row.timezone, parseTimeZone),
  createdAt: instant(row.created_at),
});

const parseScopes = (text: string): readonly Scope[] | null => {
  const scopes = text.split(',').map(parseScope);
  return scopes.every((scope) => scope !== null)
    ? Object.freeze(scopes.filter((scope) => scope !== null))
    : null;
};

/** Every request reads its key's scopes; the few distinct lists in use are parsed once each. */
const parsedScopeLists = new BoundedCache<string, readonly Scope[] | null>(256);

const scopesOf = (text: string): readonly Scope[] | null => parsedScopeLists.getOrMake(text, parseScopes);

export const apiKeyFromRow = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  userId: row.user_id,
  digest: row.digest,
  displayPrefix: row.display_prefix,
  scopes: domainValue('api_keys', 'scopes', row.scopes, scopesOf),
  createdAt: instant(row.created_at),
  expiresAt: instantOrNull(row.expires_at),
  revokedAt: instantOrNull(row.revoked_at),
  lastUsedAt: instantOrNull(row.last_used_at),
});

export const apiKeyToRow = (key: Omit<ApiKey, 'id'>): Insertable<InferKyselyTable<typeof ApiKeySchema>> => ({
  user_id: key.userId,
  digest: key.digest,
  display_prefix: key.displayPrefix,
  scopes: key.scopes.join(','),
  created_at: key.createdAt.getTime(),
  expires_at: key.expiresAt?.getTime() ?? null,
  revoked_at: key.revokedAt?.getTime() ?? null,
  last_used_at: key.lastUsedAt?.getTime() ?? null,
});
