import { defineEntity, p } from '@mikro-orm/core';
import type {
  ClientFields,
  NamedFields,
  ProjectFields,
  Stored,
} from '../../../../domain/workspace/records.js';
import { flag, instant } from '../typed-values.js';
import { changeColumns, namedColumns, ownedColumns, ownerIndex, referenceIndexes } from './common-columns.js';
import type { RowOf, WritableOf } from './row-types.js';

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

export const CategorySchema = defineEntity({
  name: 'CategoryRecord',
  tableName: 'categories',
  indexes: ownerIndex('categories'),
  properties: { ...ownedColumns(), ...namedColumns(), ...changeColumns() },
});

/** Money accounts: the `card` and `to_card` of money records. */

export const CardSchema = defineEntity({
  name: 'CardRecord',
  tableName: 'cards',
  indexes: ownerIndex('cards'),
  properties: { ...ownedColumns(), ...namedColumns(), ...changeColumns() },
});

/**
 * Each row is decoded as one object literal, its shared fields written out again: spreading them in
 * from a helper cost a list row as much again (bench/NOTES.md).
 */
export const clientTable = {
  name: 'clients' as const,
  toRow: (fields: ClientFields): WritableOf<typeof ClientSchema> => ({
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row: RowOf<typeof ClientSchema>): Stored<ClientFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    description: row.description,
    active: flag(row.active),
  }),
};

export const projectTable = {
  name: 'projects' as const,
  toRow: (fields: ProjectFields): WritableOf<typeof ProjectSchema> => ({
    name: fields.name,
    client_id: fields.clientId,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row: RowOf<typeof ProjectSchema>): Stored<ProjectFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    name: row.name,
    clientId: row.client_id,
    description: row.description,
    active: flag(row.active),
  }),
};

const namedTable = <N extends 'categories' | 'cards'>(name: N) => ({
  name,
  toRow: (fields: NamedFields): WritableOf<typeof CategorySchema> => ({
    name: fields.name,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row: RowOf<typeof CategorySchema>): Stored<NamedFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    name: row.name,
    description: row.description,
    active: flag(row.active),
  }),
});

export const categoryTable = namedTable('categories');
export const cardTable = namedTable('cards');
