import { EntitySchema } from '@mikro-orm/core';
import { epochMillis } from './column-types.js';

/** Clients, projects and categories: what tasks point at (their CRUD comes with their own issue). */
export interface ClientRecord {
  id: number;
  ownerId: number;
  name: string;
  email: string | null;
  phone: string | null;
  description: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export const ClientSchema = new EntitySchema<ClientRecord>({
  name: 'ClientRecord',
  tableName: 'clients',
  indexes: [{ name: 'clients_owner_index', properties: ['ownerId', 'id'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    ownerId: {
      kind: 'm:1',
      type: 'UserRecord',
      mapToPk: true,
      fieldName: 'owner_id',
      deleteRule: 'restrict',
    },
    name: { type: 'string', length: 191 },
    email: { type: 'string', length: 191, nullable: true },
    phone: { type: 'string', length: 50, nullable: true },
    description: { type: 'text', nullable: true },
    active: { type: 'boolean', default: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
  },
});

export interface ProjectRecord {
  id: number;
  ownerId: number;
  name: string;
  clientId: number | null;
  description: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export const ProjectSchema = new EntitySchema<ProjectRecord>({
  name: 'ProjectRecord',
  tableName: 'projects',
  indexes: [{ name: 'projects_owner_index', properties: ['ownerId', 'id'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    ownerId: {
      kind: 'm:1',
      type: 'UserRecord',
      mapToPk: true,
      fieldName: 'owner_id',
      deleteRule: 'restrict',
    },
    name: { type: 'string', length: 191 },
    clientId: {
      kind: 'm:1',
      type: 'ClientRecord',
      mapToPk: true,
      fieldName: 'client_id',
      nullable: true,
      deleteRule: 'restrict',
    },
    description: { type: 'text', nullable: true },
    active: { type: 'boolean', default: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
  },
});

export interface CategoryRecord {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export const CategorySchema = new EntitySchema<CategoryRecord>({
  name: 'CategoryRecord',
  tableName: 'categories',
  indexes: [{ name: 'categories_owner_index', properties: ['ownerId', 'id'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    ownerId: {
      kind: 'm:1',
      type: 'UserRecord',
      mapToPk: true,
      fieldName: 'owner_id',
      deleteRule: 'restrict',
    },
    name: { type: 'string', length: 191 },
    description: { type: 'text', nullable: true },
    active: { type: 'boolean', default: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
  },
});

/** Money accounts: the `card` and `to_card` of money records. */
export interface CardRecord {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
}

export const CardSchema = new EntitySchema<CardRecord>({
  name: 'CardRecord',
  tableName: 'cards',
  indexes: [{ name: 'cards_owner_index', properties: ['ownerId', 'id'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    ownerId: {
      kind: 'm:1',
      type: 'UserRecord',
      mapToPk: true,
      fieldName: 'owner_id',
      deleteRule: 'restrict',
    },
    name: { type: 'string', length: 191 },
    description: { type: 'text', nullable: true },
    active: { type: 'boolean', default: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
  },
});
