import { defineEntity, p } from '@mikro-orm/core';
import { cents, wallClock } from './column-types.js';
import {
  changeColumns,
  latestPerClientIndex,
  namedColumns,
  newestFirstIndex,
  ownedColumns,
  ownerIndex,
  referenceIndexes,
} from './common-columns.js';
import { TaskSchema } from './task.schemas.js';
import { CardSchema, CategorySchema, ClientSchema, ProjectSchema } from './workspace.schemas.js';

/**
 * Notes, time and money records: they point at clients, projects, tasks and categories. Deleting
 * a task only unlinks them (`set null`); everything else they point at cannot be deleted while
 * they do (`restrict`).
 */
const links = () => ({
  date: wallClock().nullable(),
  clientId: () =>
    p.manyToOne(ClientSchema).mapToPk().fieldName('client_id').nullable().deleteRule('restrict'),
  projectId: () =>
    p.manyToOne(ProjectSchema).mapToPk().fieldName('project_id').nullable().deleteRule('restrict'),
  taskId: () => p.manyToOne(TaskSchema).mapToPk().fieldName('task_id').nullable().deleteRule('set null'),
  categoryId: () =>
    p.manyToOne(CategorySchema).mapToPk().fieldName('category_id').nullable().deleteRule('restrict'),
  ...changeColumns(),
});

interface LinkColumns {
  id: number;
  ownerId: number;
  date: string | null;
  clientId: number | null;
  projectId: number | null;
  taskId: number | null;
  categoryId: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

/** The reference columns every linked record has. */
const LINKS = {
  clientId: 'client_id',
  projectId: 'project_id',
  taskId: 'task_id',
  categoryId: 'category_id',
} as const;

export interface NoteRecord extends LinkColumns {
  name: string;
  description: string | null;
  active: boolean;
}

export const NoteSchema = defineEntity({
  name: 'NoteRecord',
  tableName: 'notes',
  indexes: [...ownerIndex('notes'), latestPerClientIndex('notes'), ...referenceIndexes('notes', LINKS)],
  properties: { ...ownedColumns(), ...namedColumns(), ...links() },
});

export interface TimeRecordRow extends LinkColumns {
  /** Seconds. */
  timeReally: number;
  description: string | null;
}

export const TimeSchema = defineEntity({
  name: 'TimeRecordRow',
  tableName: 'time_records',
  indexes: [
    ...ownerIndex('time_records'),
    latestPerClientIndex('time_records'),
    newestFirstIndex('time_records'),
    ...referenceIndexes('time_records', LINKS),
  ],
  properties: {
    ...ownedColumns(),
    timeReally: p.integer().fieldName('time_really'),
    description: p.text().nullable(),
    ...links(),
  },
});

export interface MoneyRecordRow extends LinkColumns {
  type: number;
  /** Integer cents. */
  price: number;
  card: number | null;
  toCard: number | null;
  description: string | null;
}

export const MoneySchema = defineEntity({
  name: 'MoneyRecordRow',
  tableName: 'money_records',
  indexes: [
    ...ownerIndex('money_records'),
    latestPerClientIndex('money_records'),
    newestFirstIndex('money_records'),
    ...referenceIndexes('money_records', { ...LINKS, card: 'card_id', toCard: 'to_card_id' }),
  ],
  properties: {
    ...ownedColumns(),
    type: p.smallint(),
    price: cents().fieldName('price_cents'),
    card: () => p.manyToOne(CardSchema).mapToPk().fieldName('card_id').nullable().deleteRule('restrict'),
    toCard: () => p.manyToOne(CardSchema).mapToPk().fieldName('to_card_id').nullable().deleteRule('restrict'),
    description: p.text().nullable(),
    ...links(),
  },
});
