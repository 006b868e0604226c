import type { EntitySchema } from '@mikro-orm/core';
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
import { type Row, RowReader, storedDateTime, storedMoney } from './row-decoding.js';
import {
  type MoneyRecordRow,
  MoneySchema,
  type NoteRecord,
  NoteSchema,
  type TimeRecordRow,
  TimeSchema,
} from './schemas/linked-record.schemas.js';
import {
  type CardRecord,
  CardSchema,
  type CategoryRecord,
  CategorySchema,
  type ClientRecord,
  ClientSchema,
  type ProjectRecord,
  ProjectSchema,
} from './schemas/workspace.schemas.js';

/**
 * One record kind in its table: the schema, and the mapping between the domain's fields and the
 * row's properties (rows from raw statements are aliased to the same property names).
 */
export interface RecordTable<F, R> {
  // biome-ignore lint/suspicious/noExplicitAny: the entity definition of R's table, whatever its inferred type.
  readonly schema: EntitySchema<any>;
  readonly toRow: (fields: F) => Partial<R>;
  readonly fromRow: (row: Row) => Stored<F>;
}

// Each row is read into one object literal, field by field: a list reads every row, and spreading
// shared parts (ids and timestamps, links) into each made reading a row half again as slow.

const linkColumns = (fields: Links & { readonly date: NoteFields['date'] }) => ({
  date: storedDateTime(fields.date),
  clientId: fields.clientId,
  projectId: fields.projectId,
  taskId: fields.taskId,
  categoryId: fields.categoryId,
});

export const clientTable: RecordTable<ClientFields, ClientRecord> = {
  schema: ClientSchema,
  toRow: (fields) => ({
    name: fields.name,
    email: fields.email,
    phone: fields.phone,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row) => {
    const read = new RowReader<keyof ClientRecord>('clients', row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      name: read.text('name'),
      email: read.textOrNull('email'),
      phone: read.textOrNull('phone'),
      description: read.textOrNull('description'),
      active: read.flag('active'),
    };
  },
};

export const projectTable: RecordTable<ProjectFields, ProjectRecord> = {
  schema: ProjectSchema,
  toRow: (fields) => ({
    name: fields.name,
    clientId: fields.clientId,
    description: fields.description,
    active: fields.active,
  }),
  fromRow: (row) => {
    const read = new RowReader<keyof ProjectRecord>('projects', row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      name: read.text('name'),
      clientId: read.integerOrNull('clientId'),
      description: read.textOrNull('description'),
      active: read.flag('active'),
    };
  },
};

const namedTable = <R extends CategoryRecord | CardRecord>(
  table: string,
  schema: RecordTable<NamedFields, R>['schema'],
): RecordTable<NamedFields, R> => ({
  schema,
  toRow: (fields) => {
    const row: Partial<CategoryRecord> = {
      name: fields.name,
      description: fields.description,
      active: fields.active,
    };
    // trust boundary: R is the category table's record type, which this row is part of.
    return row as Partial<R>;
  },
  fromRow: (row) => {
    const read = new RowReader(table, row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      name: read.text('name'),
      description: read.textOrNull('description'),
      active: read.flag('active'),
    };
  },
});

export const categoryTable = namedTable('categories', CategorySchema);
export const cardTable = namedTable('cards', CardSchema);

export const noteTable: RecordTable<NoteFields, NoteRecord> = {
  schema: NoteSchema,
  toRow: (fields) => ({
    name: fields.name,
    description: fields.description,
    active: fields.active,
    ...linkColumns(fields),
  }),
  fromRow: (row) => {
    const read = new RowReader<keyof NoteRecord>('notes', row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      name: read.text('name'),
      description: read.textOrNull('description'),
      active: read.flag('active'),
      date: read.localDateTimeOrNull('date'),
      clientId: read.integerOrNull('clientId'),
      projectId: read.integerOrNull('projectId'),
      taskId: read.integerOrNull('taskId'),
      categoryId: read.integerOrNull('categoryId'),
    };
  },
};

export const timeTable: RecordTable<TimeFields, TimeRecordRow> = {
  schema: TimeSchema,
  toRow: (fields) => ({
    timeReally: fields.timeReally,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row) => {
    const read = new RowReader<keyof TimeRecordRow>('time_records', row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      timeReally: read.duration('timeReally'),
      description: read.textOrNull('description'),
      date: read.localDateTimeOrNull('date'),
      clientId: read.integerOrNull('clientId'),
      projectId: read.integerOrNull('projectId'),
      taskId: read.integerOrNull('taskId'),
      categoryId: read.integerOrNull('categoryId'),
    };
  },
};

export const moneyTable: RecordTable<MoneyFields, MoneyRecordRow> = {
  schema: MoneySchema,
  toRow: (fields) => ({
    type: fields.type,
    price: storedMoney(fields.price) ?? 0,
    card: fields.card,
    toCard: fields.toCard,
    description: fields.description,
    ...linkColumns(fields),
  }),
  fromRow: (row) => {
    const read = new RowReader<keyof MoneyRecordRow>('money_records', row);
    return {
      id: read.integer('id'),
      ownerId: read.integer('ownerId'),
      createdAt: read.instant('createdAt'),
      updatedAt: read.instant('updatedAt'),
      type: read.choice('type', MONEY_TYPES),
      price: read.money('price'),
      card: read.integerOrNull('card'),
      toCard: read.integerOrNull('toCard'),
      description: read.textOrNull('description'),
      date: read.localDateTimeOrNull('date'),
      clientId: read.integerOrNull('clientId'),
      projectId: read.integerOrNull('projectId'),
      taskId: read.integerOrNull('taskId'),
      categoryId: read.integerOrNull('categoryId'),
    };
  },
};
