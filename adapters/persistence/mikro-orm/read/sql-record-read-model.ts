import type { Page, Paged } from '../../../../application/ports/paging.js';
import type {
  ClientListQuery,
  LinkedRecordListQuery,
  MoneyListQuery,
  NamedListQuery,
  NoteListQuery,
  ProjectListQuery,
  RecordReadModel,
  TimeListQuery,
} from '../../../../application/ports/record-read-model.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  RecordType,
  TimeRecord,
} from '../../../../domain/workspace/records.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  timeTable,
} from '../record-tables.js';
import { type Row, storedDayEnd, storedDayStart } from '../row-decoding.js';
import type { CountedTable } from '../schemas/owner-row-count.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { COUNT_HORIZON, type ExactTotal, ownedRowCount, pagedSelect, type Runs } from './paged-select.js';
import type { SqlRunner, SqlValue } from './sql-runner.js';

const OWNED = [
  ['id', 'id'],
  ['owner_id', 'ownerId'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
] as const;
const NAMED = [...OWNED, ['name', 'name'], ['description', 'description'], ['active', 'active']] as const;
const CLIENT = [...NAMED, ['email', 'email'], ['phone', 'phone']] as const;
const PROJECT = [...NAMED, ['client_id', 'clientId']] as const;
const LINKS = [
  ['date', 'date'],
  ['client_id', 'clientId'],
  ['project_id', 'projectId'],
  ['task_id', 'taskId'],
  ['category_id', 'categoryId'],
] as const;
const NOTE = [...NAMED, ...LINKS] as const;
const TIME = [...OWNED, ...LINKS, ['time_really', 'timeReally'], ['description', 'description']] as const;
const MONEY = [
  ...OWNED,
  ...LINKS,
  ['type', 'type'],
  ['price_cents', 'price'],
  ['card_id', 'card'],
  ['to_card_id', 'toCard'],
  ['description', 'description'],
] as const;

/** Newest first; the text spelling of dates sorts as time, and undated records come last. */
const NEWEST_FIRST = 'order by r.date desc nulls last, r.id desc';
/** …read as two runs along the (owner, date, id) index, backwards: dated, then undated. */
const newestFirstRuns = (table: string, from: string, params: readonly SqlValue[]): Runs => ({
  table: `${table} r`,
  id: 'r.id',
  list: [
    { from: `${from} and r.date is not null`, params, orderBy: 'order by r.date desc, r.id desc' },
    { from: `${from} and r.date is null`, params, orderBy: 'order by r.id desc' },
  ],
});

/** The filters time and money records share, as conditions on `r`. */
const linkConditions = (table: CountedTable, ownerId: UserId, q: LinkedRecordListQuery) => {
  const conditions = ['r.owner_id = ?'];
  const params: SqlValue[] = [ownerId];
  const add = (condition: string, ...values: SqlValue[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (q.clientId !== undefined) add('r.client_id = ?', q.clientId);
  if (q.projectId !== undefined) add('r.project_id = ?', q.projectId);
  if (q.taskId !== undefined) add('r.task_id = ?', q.taskId);
  if (q.categoryId !== undefined) add('r.category_id = ?', q.categoryId);
  if (q.dateFrom !== undefined) add('r.date >= ?', storedDayStart(q.dateFrom));
  if (q.dateTo !== undefined) add('r.date <= ?', storedDayEnd(q.dateTo));
  return {
    add,
    where: () => ({
      sql: conditions.join(' and '),
      params,
      // Nothing but the owner: the kept row count is the total.
      exactTotal: conditions.length === 1 ? ownedRowCount(table, ownerId) : undefined,
    }),
  };
};

const select = (columns: readonly (readonly [string, string])[]) =>
  columns.map(([column, alias]) => `r.${column} as "${alias}"`).join(', ');

const flag = (value: boolean) => (value ? 'true' : 'false');

const RECORD_TABLES: Record<RecordType, string> = {
  task: 'tasks',
  note: 'notes',
  time: 'time_records',
  money: 'money_records',
};

/** Lists of the owner's records with prepared statements, ordered by id unless told otherwise. */
export class SqlRecordReadModel implements RecordReadModel {
  constructor(
    private readonly runner: SqlRunner,
    private readonly dialect: SqlDialect,
    private readonly countHorizon = COUNT_HORIZON,
  ) {}

  private page<R>(
    table: string,
    columns: string,
    where: {
      readonly sql: string;
      readonly params: SqlValue[];
      readonly joins?: string;
      readonly exactTotal?: ExactTotal | undefined;
    },
    page: Page,
    map: (row: Row) => R,
    orderBy = 'order by r.id asc',
  ): Promise<Paged<R>> {
    const from = `from ${table} r ${where.joins ?? ''} where ${where.sql}`;
    const { params, exactTotal } = where;
    const runs = orderBy === NEWEST_FIRST ? newestFirstRuns(table, from, params) : undefined;
    const select = { columns, from, params, map, exactTotal, orderBy, runs };
    return pagedSelect(this.runner, select, page, this.countHorizon);
  }

  clients(ownerId: UserId, query: ClientListQuery): Promise<Paged<Client>> {
    const where = { sql: `r.owner_id = ? and r.active = ${flag(query.active)}`, params: [ownerId] };
    if (query.orderBy === null)
      return this.page('clients', select(CLIENT), where, query, clientTable.fromRow);
    // The latest record of the type, newest first by (created_at, id); clients without one last, by id.
    const latest = (column: string) =>
      `(select x.${column} from ${RECORD_TABLES[query.orderBy ?? 'task']} x where x.client_id = r.id ` +
      'order by x.created_at desc, x.id desc limit 1)';
    const columns = `${select(CLIENT)}, ${latest('created_at')} as latest_at, ${latest('id')} as latest_id`;
    const order = 'order by latest_at desc nulls last, latest_id desc nulls last, r.id asc';
    return this.page('clients', columns, where, query, clientTable.fromRow, order);
  }

  projects(ownerId: UserId, query: ProjectListQuery): Promise<Paged<Project>> {
    const conditions = ['r.owner_id = ?'];
    const params: SqlValue[] = [ownerId];
    if (query.clientId !== undefined) {
      conditions.push('r.client_id = ?');
      params.push(query.clientId);
    }
    const cascade = '(r.active = true and (c.id is null or c.active = true))';
    if (query.active !== undefined) conditions.push(query.active ? cascade : `not ${cascade}`);
    const joins = query.active === undefined ? '' : 'left join clients c on c.id = r.client_id';
    return this.page(
      'projects',
      select(PROJECT),
      { sql: conditions.join(' and '), params, joins },
      query,
      projectTable.fromRow,
    );
  }

  notes(ownerId: UserId, query: NoteListQuery): Promise<Paged<Note>> {
    const conditions = ['r.owner_id = ?'];
    const params: SqlValue[] = [ownerId];
    if (query.active !== undefined) conditions.push(`r.active = ${flag(query.active)}`);
    if (query.search !== undefined) {
      const search = this.dialect.textSearch('notes', 'r', ['name', 'description'], query.search);
      conditions.push(search.sql);
      params.push(...search.params);
    }
    const exactTotal = conditions.length === 1 ? ownedRowCount('notes', ownerId) : undefined;
    return this.page(
      'notes',
      select(NOTE),
      { sql: conditions.join(' and '), params, exactTotal },
      query,
      noteTable.fromRow,
    );
  }

  categories(ownerId: UserId, query: NamedListQuery): Promise<Paged<Category>> {
    return this.named('categories', ownerId, query, categoryTable.fromRow);
  }

  cards(ownerId: UserId, query: NamedListQuery): Promise<Paged<Card>> {
    return this.named('cards', ownerId, query, cardTable.fromRow);
  }

  private named<R>(
    table: string,
    ownerId: UserId,
    query: NamedListQuery,
    map: (row: Row) => R,
  ): Promise<Paged<R>> {
    return this.page(
      table,
      select(NAMED),
      { sql: `r.owner_id = ? and r.active = ${flag(query.active)}`, params: [ownerId] },
      query,
      map,
    );
  }

  times(ownerId: UserId, query: TimeListQuery): Promise<Paged<TimeRecord>> {
    const { where } = linkConditions('time_records', ownerId, query);
    return this.page('time_records', select(TIME), where(), query, timeTable.fromRow, NEWEST_FIRST);
  }

  moneys(ownerId: UserId, query: MoneyListQuery): Promise<Paged<MoneyRecord>> {
    const { add, where } = linkConditions('money_records', ownerId, query);
    if (query.type !== undefined) add('r.type = ?', query.type);
    if (query.card !== undefined) add('(r.card_id = ? or r.to_card_id = ?)', query.card, query.card);
    return this.page('money_records', select(MONEY), where(), query, moneyTable.fromRow, NEWEST_FIRST);
  }
}
