import type { Selectable, Updateable } from 'kysely';
import type {
  ClientFields,
  Links,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  Stored,
  TimeFields,
} from '../../../domain/workspace/records.js';
import { MONEY_TYPES } from '../../../domain/workspace/records.js';
import type { Database } from './schemas/database.js';
import {
  choice,
  duration,
  flag,
  instant,
  localDateTimeOrNull,
  money,
  storedDateTime,
  storedMoney,
} from './typed-values.js';

/** The tables of the owned records a record repository serves, and their rows. */
export type RecordTableName =
  | 'clients'
  | 'projects'
  | 'categories'
  | 'cards'
  | 'notes'
  | 'time_records'
  | 'money_records';

type RowOf<N extends RecordTableName> = Selectable<Database[N]>;

/**
 * A row as the repository's statements, which name any record table, read it: every column of every
 * record table. Each table's `fromRow` takes its own table's row, which this is assignable to.
 */
export type RecordRow = RowOf<'clients'> &
  RowOf<'projects'> &
  RowOf<'categories'> &
  RowOf<'cards'> &
  RowOf<'notes'> &
  RowOf<'time_records'> &
  RowOf<'money_records'>;

/** The columns a record's fields are written to (its domain fields, not id, owner or times). */
type WritableOf<N extends RecordTableName> = Omit<
  Updateable<Database[N]>,
  'id' | 'owner_id' | 'created_at' | 'updated_at' | 'version'
>;

/** One record kind in its table: the mapping between the domain's fields and the row's columns. */
export interface RecordTable<F> {
  readonly name: RecordTableName;
  readonly toRow: (fields: F) => WritableOf<RecordTableName>;
  readonly fromRow: (row: RecordRow) => Stored<F>;
}

// Each row is read into one object literal, field by field: a list reads every row, and spreading
// shared parts (ids and timestamps, links) into each made reading a row half again as slow.

const linkColumns = (fields: Links & { readonly date: NoteFields['date'] }) => ({
  date: storedDateTime(fields.date),
  client_id: fields.clientId,
  project_id: fields.projectId,
  task_id: fields.taskId,
  category_id: fields.categoryId,
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

export const noteTable = {
  name: 'notes',
  toRow: (fields): WritableOf<'notes'> => ({
    name: fields.name,
    description: fields.description,
    active: fields.active,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<'notes'>) => ({
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
} satisfies RecordTable<NoteFields>;

export const timeTable = {
  name: 'time_records',
  toRow: (fields): WritableOf<'time_records'> => ({
    time_really: fields.timeReally,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<'time_records'>) => ({
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
} satisfies RecordTable<TimeFields>;

export const moneyTable = {
  name: 'money_records',
  toRow: (fields): WritableOf<'money_records'> => ({
    type: fields.type,
    price_cents: storedMoney(fields.price) ?? 0,
    card_id: fields.card,
    to_card_id: fields.toCard,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row: RowOf<'money_records'>) => ({
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
} satisfies RecordTable<MoneyFields>;
