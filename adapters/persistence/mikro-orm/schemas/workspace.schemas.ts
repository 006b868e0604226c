import {
  changeColumns,
  namedColumns,
  nullableReference,
  ownedColumns,
  ownerIndex,
  referenceIndexes,
} from './common-columns.js';
import { defineTable } from './table-definition.js';

export interface OwnedNamedRow {
  id: number;
  ownerId: number;
  name: string;
  description: string | null;
  active: boolean;
  createdAt: number;
  updatedAt: number;
  version: number;
}

export interface ClientRecord extends OwnedNamedRow {
  email: string | null;
  phone: string | null;
}

export const ClientSchema = defineTable<ClientRecord>({
  name: 'ClientRecord',
  tableName: 'clients',
  indexes: ownerIndex('clients'),
  properties: {
    ...ownedColumns,
    ...namedColumns,
    email: { type: 'string', length: 191, nullable: true },
    phone: { type: 'string', length: 50, nullable: true },
    ...changeColumns,
  },
});

export interface ProjectRecord extends OwnedNamedRow {
  clientId: number | null;
}

export const ProjectSchema = defineTable<ProjectRecord>({
  name: 'ProjectRecord',
  tableName: 'projects',
  indexes: [...ownerIndex('projects'), ...referenceIndexes('projects', { clientId: 'client_id' })],
  properties: {
    ...ownedColumns,
    ...namedColumns,
    clientId: nullableReference('ClientRecord', 'client_id'),
    ...changeColumns,
  },
});

export type CategoryRecord = OwnedNamedRow;

export const CategorySchema = defineTable<CategoryRecord>({
  name: 'CategoryRecord',
  tableName: 'categories',
  indexes: ownerIndex('categories'),
  properties: { ...ownedColumns, ...namedColumns, ...changeColumns },
});

/** Money accounts: the `card` and `to_card` of money records. */
export type CardRecord = OwnedNamedRow;

export const CardSchema = defineTable<CardRecord>({
  name: 'CardRecord',
  tableName: 'cards',
  indexes: ownerIndex('cards'),
  properties: { ...ownedColumns, ...namedColumns, ...changeColumns },
});
