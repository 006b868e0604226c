import { defineEntity, p } from '@mikro-orm/core';
import type { ClientFields, NamedFields, ProjectFields } from '../../../../domain/workspace/records.js';
import { flag, instant } from '../typed-values.js';
import { changeColumns, namedColumns, ownedColumns, ownerIndex, referenceIndexes } from './common-columns.js';
import type { RecordTable, RowOf, WritableOf } from './record-table.js';

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

export const clientTable = {
  name: 'clients',
  toRow: (fields): WritableOf<'clients'> => ({
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row: RowOf<'clients'>) => ({
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
} satisfies RecordTable<ClientFields>;

export const projectTable = {
  name: 'projects',
  toRow: (fields): WritableOf<'projects'> => ({
    name: fields.name,
    client_id: fields.clientId,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row: RowOf<'projects'>) => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    name: row.name,
    clientId: row.client_id,
    description: row.description,
    active: flag(row.active),
  }),
} satisfies RecordTable<ProjectFields>;

const namedTable = (name: 'categories' | 'cards') =>
  ({
    name,
    toRow: (fields): WritableOf<'categories' | 'cards'> => ({
      name: fields.name,
      description: fields.description,
      active: fields.active,
    }),
    fromRow: (row: RowOf<'categories' | 'cards'>) => ({
      id: row.id,
      ownerId: row.owner_id,
      createdAt: instant(row.created_at),
      updatedAt: instant(row.updated_at),
      name: row.name,
      description: row.description,
      active: flag(row.active),
    }),
  }) satisfies RecordTable<NamedFields>;

export const categoryTable = namedTable('categories');
export const cardTable = namedTable('cards');
