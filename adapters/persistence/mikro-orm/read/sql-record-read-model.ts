import { COUNT_HORIZON, type Page, type Paged } from '../../../../application/ports/paging.js';
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
  Stored,
  TimeRecord,
} from '../../../../domain/workspace/records.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  type RecordRow,
  type RecordTable,
  timeTable,
} from '../record-tables.js';
import { COUNTED_TABLES } from '../schemas/owner-row-count.schemas.js';
import type { Condition, SqlDialect } from '../sql-dialect.js';
import { storedDayEnd, storedDayStart } from '../typed-values.js';
import type { Order } from './keyset.js';
import { ownedRowCount, pagedSelect, type Runs } from './paged-select.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

const OWNED = ['id', 'owner_id', 'created_at', 'updated_at'] as const;
const NAMED = [...OWNED, 'name', 'description', 'active'] as const;
const CLIENT = [...NAMED, 'email', 'phone'] as const;
const PROJECT = [...NAMED, 'client_id'] as const;
const LINKS = ['date', 'client_id', 'project_id', 'task_id', 'category_id'] as const;
const NOTE = [...NAMED, ...LINKS] as const;
const TIME = [...OWNED, ...LINKS, 'time_really', 'description'] as const;
const MONEY = [...OWNED, ...LINKS, 'type', 'price_cents', 'card_id', 'to_card_id', 'description'] as const;

/** A record table's mapping, over the rows these statements read (each the table's own columns). */
const fromRows =
  <F>(table: RecordTable<F>) =>
  (row: Row): Stored<F> =>
    // trust boundary: the statements below select the table's own columns, unaliased.
    table.fromRow(row as RecordRow);

/**
 * Newest first; the text spelling of dates sorts as time, and undated records come last. SQLite
 * reads it in one walk of the (owner, date, id) index, backwards (20 µs for 50 of 5k time records,
 * against 33 as the runs below).
 */
const NEWEST_FIRST: Order = [
  { column: 'r.date', direction: 'desc', nullable: true, kind: 'text' },
  { column: 'r.id', direction: 'desc', kind: 'number' },
];
const BY_ID: Order = [{ column: 'r.id', direction: 'asc', kind: 'number' }];
/** The table of each record type a client list can be ordered by the latest of. */
const LATEST_RECORD_TABLES: Record<RecordType, string> = {
  task: 'tasks',
  note: 'notes',
  time: 'time_records',
  money: 'money_records',
};
/**
 * …read as two runs along that index, backwards, where undated rows would come first (and to start
 * a page after a key at the key, which one walk past the nulls cannot): dated, then undated.
 */
const newestFirstRuns = (
  dialect: SqlDialect,
  table: string,
  from: string,
  params: readonly SqlValue[],
): Runs => ({
  table: `${table} r`,
  id: 'r.id',
  idIn: dialect.idIn,
  merge: dialect.mergesRuns,
  countInOrder: dialect.countsRunsInOrder,
  list: [
    {
      from: `${from} and r.date is not null`,
      params,
      orderBy: 'order by r.date desc, r.id desc',
      nulls: 'no nulls',
    },
    { from: `${from} and r.date is null`, params, orderBy: 'order by r.id desc', nulls: 'only nulls' },
  ],
});

/** Conditions on `r`, starting with its owner, and their parameters in order. */
class OwnedWhere {
  readonly conditions: string[] = ['r.owner_id = ?'];
  readonly params: SqlValue[];
  joins = '';

  constructor(readonly ownerId: UserId) {
    this.params = [ownerId];
  }

  add(condition: string, ...values: readonly SqlValue[]): this {
    this.conditions.push(condition);
    this.params.push(...values);
    return this;
  }

  /** Nothing but the owner: a counted table's kept row count is the total. */
  get unfiltered(): boolean {
    return this.conditions.length === 1;
  }
}

/** Whether `table` is one of `tables` (the counted tables' list). */
const isAmong = <T extends string>(tables: readonly T[], table: string): table is T =>
  tables.some((counted) => counted === table);

/** The filters time and money records share. */
const linkConditions = (ownerId: UserId, q: LinkedRecordListQuery): OwnedWhere => {
  const where = new OwnedWhere(ownerId);
  if (q.clientId !== undefined) where.add('r.client_id = ?', q.clientId);
  if (q.projectId !== undefined) where.add('r.project_id = ?', q.projectId);
  if (q.taskId !== undefined) where.add('r.task_id = ?', q.taskId);
  if (q.categoryId !== undefined) where.add('r.category_id = ?', q.categoryId);
  if (q.dateFrom !== undefined) where.add('r.date >= ?', storedDayStart(q.dateFrom));
  if (q.dateTo !== undefined) where.add('r.date <= ?', storedDayEnd(q.dateTo));
  return where;
};

type Columns = readonly string[];
const selections = new WeakMap<Columns, string>();

/** The selection of a table's columns (module constants), spelled once, not on every list. */
const select = (columns: Columns): string => {
  let selection = selections.get(columns);
  if (selection === undefined) {
    selection = columns.map((column) => `r.${column}`).join(', ');
    selections.set(columns, selection);
  }
  return selection;
};

const flag = (value: boolean) => (value ? 'true' : 'false');

interface PageOptions {
  readonly order?: Order;
  /** The same rows as the page's selection, found more cheaply, for the count. */
  readonly countFrom?: Condition | undefined;
}

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
    where: OwnedWhere,
    page: Page,
    map: (row: Row) => R,
    options: PageOptions = {},
  ): Promise<Paged<R>> {
    const { order = BY_ID, countFrom } = options;
    const from = `from ${table} r ${where.joins} where ${where.conditions.join(' and ')}`;
    const { params } = where;
    const exactTotal =
      where.unfiltered && isAmong(COUNTED_TABLES, table) ? ownedRowCount(table, where.ownerId) : undefined;
    const runs =
      order === NEWEST_FIRST && (!this.dialect.descendingNullsLastOnIndex || page.after !== undefined)
        ? newestFirstRuns(this.dialect, table, from, params)
        : undefined;
    const select = {
      columns,
      from,
      params,
      map,
      exactTotal,
      countFrom,
      order,
      runs,
    };
    return pagedSelect(this.runner, select, page, this.countHorizon);
  }

  clients(ownerId: UserId, query: ClientListQuery): Promise<Paged<Client>> {
    const where = new OwnedWhere(ownerId).add(`r.active = ${flag(query.active)}`);
    if (query.orderBy === null)
      return this.page('clients', select(CLIENT), where, query, fromRows(clientTable));
    // Each client's latest record of the type, newest first by (created_at, id), found along the
    // records' (client_id, created_at, id) index; clients without one last, by id. The join gives
    // each client one row, so the clients are counted without it: PostgreSQL would look up each
    // one's latest record only to count it (the count of 200 clients cost more than their page).
    const countFrom = { sql: `from clients r where ${where.conditions.join(' and ')}`, params: where.params };
    where.joins = this.dialect.latestOfClient(LATEST_RECORD_TABLES[query.orderBy], 'l', 'r.id');
    return this.page('clients', select(CLIENT), where, query, fromRows(clientTable), {
      countFrom,
      order: [
        { column: 'l.created_at', direction: 'desc', nullable: true, kind: 'number' },
        { column: 'l.id', direction: 'desc', nullable: true, kind: 'number' },
        { column: 'r.id', direction: 'asc', kind: 'number' },
      ],
    });
  }

  projects(ownerId: UserId, query: ProjectListQuery): Promise<Paged<Project>> {
    const where = new OwnedWhere(ownerId);
    if (query.clientId !== undefined) where.add('r.client_id = ?', query.clientId);
    if (query.active !== undefined) {
      const cascade = '(r.active = true and (c.id is null or c.active = true))';
      where.add(query.active ? cascade : `not ${cascade}`);
      where.joins = 'left join clients c on c.id = r.client_id';
    }
    return this.page('projects', select(PROJECT), where, query, fromRows(projectTable));
  }

  notes(ownerId: UserId, query: NoteListQuery): Promise<Paged<Note>> {
    const where = new OwnedWhere(ownerId);
    if (query.active !== undefined) where.add(`r.active = ${flag(query.active)}`);
    if (query.search === undefined)
      return this.page('notes', select(NOTE), where, query, fromRows(noteTable));
    const index = this.dialect.searchIndex('notes', 'r', ownerId, query.search);
    if (index === undefined) {
      const search = this.dialect.textSearch('r', ['name', 'description'], query.search);
      return this.page(
        'notes',
        select(NOTE),
        where.add(search.sql, ...search.params),
        query,
        fromRows(noteTable),
      );
    }
    // On the owner's index: its matches in id order, counted on the index alone when nothing else
    // filters them (the index's entries are the owner's notes).
    const countFrom = where.unfiltered ? index.countFrom : undefined;
    where.joins = index.join;
    where.add(index.condition.sql, ...index.condition.params);
    return this.page('notes', select(NOTE), where, query, fromRows(noteTable), {
      order: [{ column: index.idColumn, direction: 'asc', kind: 'number' }],
      countFrom,
    });
  }

  categories(ownerId: UserId, query: NamedListQuery): Promise<Paged<Category>> {
    return this.named('categories', ownerId, query, fromRows(categoryTable));
  }

  cards(ownerId: UserId, query: NamedListQuery): Promise<Paged<Card>> {
    return this.named('cards', ownerId, query, fromRows(cardTable));
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
      new OwnedWhere(ownerId).add(`r.active = ${flag(query.active)}`),
      query,
      map,
    );
  }

  times(ownerId: UserId, query: TimeListQuery): Promise<Paged<TimeRecord>> {
    return this.page(
      'time_records',
      select(TIME),
      linkConditions(ownerId, query),
      query,
      fromRows(timeTable),
      {
        order: NEWEST_FIRST,
      },
    );
  }

  moneys(ownerId: UserId, query: MoneyListQuery): Promise<Paged<MoneyRecord>> {
    const where = linkConditions(ownerId, query);
    if (query.type !== undefined) where.add('r.type = ?', query.type);
    if (query.card !== undefined) where.add('(r.card_id = ? or r.to_card_id = ?)', query.card, query.card);
    return this.page('money_records', select(MONEY), where, query, fromRows(moneyTable), {
      order: NEWEST_FIRST,
    });
  }
}
