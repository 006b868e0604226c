import { cents } from './column-types.js';
import {
  changeColumns,
  latestPerClientIndex,
  namedColumns,
  newestFirstIndex,
  nullableReference,
  ownedColumns,
  ownerIndex,
  referenceIndexes,
} from './common-columns.js';
import { defineTable } from './table-definition.js';

/**
 * Notes, time and money records: they point at clients, projects, tasks and categories. Deleting
 * a task only unlinks them (`set null`); everything else they point at cannot be deleted while
 * they do (`restrict`).
 */
const links = {
  date: { type: 'string', length: 19, nullable: true },
  clientId: nullableReference('ClientRecord', 'client_id'),
  projectId: nullableReference('ProjectRecord', 'project_id'),
  taskId: nullableReference('TaskRecord', 'task_id', 'set null'),
  categoryId: nullableReference('CategoryRecord', 'category_id'),
  ...changeColumns,
} as const;

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

export const NoteSchema = defineTable<NoteRecord>({
  name: 'NoteRecord',
  tableName: 'notes',
  indexes: [...ownerIndex('notes'), latestPerClientIndex('notes'), ...referenceIndexes('notes', LINKS)],
  properties: { ...ownedColumns, ...namedColumns, ...links },
});

export interface TimeRecordRow extends LinkColumns {
  /** Seconds. */
  timeReally: number;
  description: string | null;
}

export const TimeSchema = defineTable<TimeRecordRow>({
  name: 'TimeRecordRow',
  tableName: 'time_records',
  indexes: [
    ...ownerIndex('time_records'),
    latestPerClientIndex('time_records'),
    newestFirstIndex('time_records'),
    ...referenceIndexes('time_records', LINKS),
  ],
  properties: {
    ...ownedColumns,
    timeReally: { type: 'integer', fieldName: 'time_really' },
    description: { type: 'text', nullable: true },
    ...links,
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

export const MoneySchema = defineTable<MoneyRecordRow>({
  name: 'MoneyRecordRow',
  tableName: 'money_records',
  indexes: [
    ...ownerIndex('money_records'),
    latestPerClientIndex('money_records'),
    newestFirstIndex('money_records'),
    ...referenceIndexes('money_records', { ...LINKS, card: 'card_id', toCard: 'to_card_id' }),
  ],
  properties: {
    ...ownedColumns,
    type: { type: 'smallint' },
    price: { type: cents(), fieldName: 'price_cents' },
    card: nullableReference('CardRecord', 'card_id'),
    toCard: nullableReference('CardRecord', 'to_card_id'),
    description: { type: 'text', nullable: true },
    ...links,
  },
});
