import { defineEntity, p } from '@mikro-orm/core';
import { changeColumns, namedColumns, ownedColumns, ownerIndex, referenceIndexes } from './common-columns.js';

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

export const ClientSchema = defineEntity({
  name: 'ClientRecord',
  tableName: 'clients',
  indexes: ownerIndex('clients'),
  properties: {
    ...ownedColumns(),
    ...namedColumns(),
    email: p.string().length(191).nullable(),
    phone: p.string().length(50).nullable(),
    ...changeColumns(),
  },
});

export interface ProjectRecord extends OwnedNamedRow {
  clientId: number | null;
}

export const ProjectSchema = defineEntity({
  name: 'ProjectRecord',
  tableName: 'projects',
  indexes: [...ownerIndex('projects'), ...referenceIndexes('projects', { clientId: 'client_id' })],
  properties: {
    ...ownedColumns(),
    ...namedColumns(),
    clientId: () =>
      p.manyToOne(ClientSchema).mapToPk().fieldName('client_id').nullable().deleteRule('restrict'),
    ...changeColumns(),
  },
});

export type CategoryRecord = OwnedNamedRow;

export const CategorySchema = defineEntity({
  name: 'CategoryRecord',
  tableName: 'categories',
  indexes: ownerIndex('categories'),
  properties: { ...ownedColumns(), ...namedColumns(), ...changeColumns() },
});

/** Money accounts: the `card` and `to_card` of money records. */
export type CardRecord = OwnedNamedRow;

export const CardSchema = defineEntity({
  name: 'CardRecord',
  tableName: 'cards',
  indexes: ownerIndex('cards'),
  properties: { ...ownedColumns(), ...namedColumns(), ...changeColumns() },
});
