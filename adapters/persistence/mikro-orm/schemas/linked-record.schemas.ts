import { defineEntity, p } from '@mikro-orm/core';
import {
  type Links,
  MONEY_TYPES,
  type MoneyFields,
  type NoteFields,
  type Stored,
  type TimeFields,
} from '../../../../domain/workspace/records.js';
import {
  choice,
  duration,
  flag,
  instant,
  localDateTimeOrNull,
  money,
  storedDateTime,
  storedMoney,
} from '../typed-values.js';
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
import type { RowOf, WritableOf } from './row-types.js';
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

/** The reference columns every linked record has. */
const LINKS = {
  clientId: 'client_id',
  projectId: 'project_id',
  taskId: 'task_id',
  categoryId: 'category_id',
} as const;

export const NoteSchema = defineEntity({
  name: 'NoteRecord',
  tableName: 'notes',
  indexes: [...ownerIndex('notes'), latestPerClientIndex('notes'), ...referenceIndexes('notes', LINKS)],
  properties: { ...ownedColumns(), ...namedColumns(), ...links() },
});

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
    // Seconds.
    timeReally: p.integer().fieldName('time_really'),
    description: p.text().nullable(),
    ...links(),
  },
});

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

const linkColumns = (fields: Links & { readonly date: NoteFields['date'] }) => ({
  date: storedDateTime(fields.date),
  client_id: fields.clientId,
  project_id: fields.projectId,
  task_id: fields.taskId,
  category_id: fields.categoryId,
});

/**
 * Each row is decoded as one object literal, its shared fields written out again: spreading them in
 * from a helper cost a list row as much again (bench/NOTES.md).
 */
export const noteTable = {
  name: 'notes' as const,
  toRow: (fields: NoteFields): WritableOf<typeof NoteSchema> => ({
    name: fields.name,
    description: fields.description,
    active: fields.active,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<typeof NoteSchema>): Stored<NoteFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    name: row.name,
    description: row.description,
    active: flag(row.active),
    date: localDateTimeOrNull('notes', 'date', row.date),
    clientId: row.client_id,
    projectId: row.project_id,
    taskId: row.task_id,
    categoryId: row.category_id,
  }),
};

export const timeTable = {
  name: 'time_records' as const,
  toRow: (fields: TimeFields): WritableOf<typeof TimeSchema> => ({
    time_really: fields.timeReally,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<typeof TimeSchema>): Stored<TimeFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    timeReally: duration('time_records', 'time_really', row.time_really),
    description: row.description,
    date: localDateTimeOrNull('time_records', 'date', row.date),
    clientId: row.client_id,
    projectId: row.project_id,
    taskId: row.task_id,
    categoryId: row.category_id,
  }),
};

export const moneyTable = {
  name: 'money_records' as const,
  toRow: (fields: MoneyFields): WritableOf<typeof MoneySchema> => ({
    type: fields.type,
    price_cents: storedMoney(fields.price) ?? 0,
    card_id: fields.card,
    to_card_id: fields.toCard,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<typeof MoneySchema>): Stored<MoneyFields> => ({
    id: row.id,
    ownerId: row.owner_id,
    createdAt: instant(row.created_at),
    updatedAt: instant(row.updated_at),
    type: choice('money_records', 'type', row.type, MONEY_TYPES),
    price: money('money_records', 'price_cents', row.price_cents),
    card: row.card_id,
    toCard: row.to_card_id,
    description: row.description,
    date: localDateTimeOrNull('money_records', 'date', row.date),
    clientId: row.client_id,
    projectId: row.project_id,
    taskId: row.task_id,
    categoryId: row.category_id,
  }),
};
