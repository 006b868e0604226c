import { expressionBuilder } from 'kysely';
import { COUNT_HORIZON, type Page, type Paged } from '../../../../application/ports/paging.js';
import type {
  ClientListQuery,
  LinkedRecordFilters,
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
import type { Statements } from '../orm-runner.js';
import type { RecordTableName } from '../record-table.js';
import { COLUMNS, qualified } from '../schemas/columns.js';
import type { Database } from '../schemas/database.js';
import { moneyTable, noteTable, timeTable } from '../schemas/linked-record.schemas.js';
import { COUNTED_TABLES } from '../schemas/owner-row-count.schemas.js';
import { cardTable, categoryTable, clientTable, projectTable } from '../schemas/workspace.schemas.js';
import type { LatestTable, Selection, SqlDialect } from '../sql-dialect.js';
import { storedDayEnd, storedDayStart } from '../typed-values.js';
import { type Order, ownedRowCount, pagedSelect, type Runs } from './paged-query.js';

/** Conditions on a record table as `r`, typed by every column a record table has. */
type AnyRecord = Database['clients'] &
  Database['projects'] &
  Database['notes'] &
  Database['time_records'] &
  Database['money_records'];
const r = expressionBuilder<{ r: AnyRecord; c: Database['clients'] }, 'r' | 'c'>();
/** The latest record of a client, joined to it (`SqlDialect.latestOfClient`). */
const latest = expressionBuilder<{ l: { id: number; created_at: number } }, 'l'>();

/** What each list selects, on its alias `r`. */
const LISTED = {
  clients: qualified('r', COLUMNS.clients),
  projects: qualified('r', COLUMNS.projects),
  categories: qualified('r', COLUMNS.categories),
  cards: qualified('r', COLUMNS.cards),
  notes: qualified('r', COLUMNS.notes),
  time_records: qualified('r', COLUMNS.time_records),
  money_records: qualified('r', COLUMNS.money_records),
};

/**
 * Newest first; the text spelling of dates sorts as time, and undated records come last. SQLite
 * reads it in one walk of the (owner, date, id) index, backwards.
 */
const NEWEST_FIRST: Order = [
  { column: r.ref('r.date'), direction: 'desc', nullable: true, kind: 'text' },
  { column: r.ref('r.id'), direction: 'desc', kind: 'number' },
];
const BY_ID: Order = [{ column: r.ref('r.id'), direction: 'asc', kind: 'number' }];
/** The table of each record type a client list can be ordered by the latest of. */
const LATEST_RECORD_TABLES: Record<RecordType, LatestTable> = {
  task: 'tasks',
  note: 'notes',
  time: 'time_records',
  money: 'money_records',
};

/**
 * …read as two runs along that index, backwards, where undated rows would come first (and to start
 * a page after a key at the key, which one walk past the nulls cannot): dated, then undated.
 */
const newestFirstRuns = (dialect: SqlDialect, rows: Selection, byId: Selection): Runs => ({
  id: r.ref('r.id'),
  byId,
  dialect,
  countInOrder: dialect.countsRunsInOrder,
  list: [
    { rows: rows.where(r('r.date', 'is not', null)), order: NEWEST_FIRST, nulls: 'no nulls' },
    { rows: rows.where(r('r.date', 'is', null)), order: NEWEST_FIRST.slice(1), nulls: 'only nulls' },
  ],
});

/** Whether any of the filters time and money records share is given. */
const isLinkFiltered = (q: LinkedRecordListQuery): boolean =>
  [q.clientId, q.projectId, q.taskId, q.categoryId, q.dateFrom, q.dateTo].some(
    (value) => value !== undefined,
  );

/** The filters time and money records share. */
export const linkFilters = <R>(rows: Selection<R>, q: LinkedRecordFilters): Selection<R> => {
  let filtered = rows;
  if (q.clientId !== undefined) filtered = filtered.where(r('r.client_id', '=', q.clientId));
  if (q.projectId !== undefined) filtered = filtered.where(r('r.project_id', '=', q.projectId));
  if (q.taskId !== undefined) filtered = filtered.where(r('r.task_id', '=', q.taskId));
  if (q.categoryId !== undefined) filtered = filtered.where(r('r.category_id', '=', q.categoryId));
  if (q.dateFrom !== undefined) filtered = filtered.where(r('r.date', '>=', storedDayStart(q.dateFrom)));
  if (q.dateTo !== undefined) filtered = filtered.where(r('r.date', '<=', storedDayEnd(q.dateTo)));
  return filtered;
};

interface Listing<R, T> {
  readonly table: RecordTableName;
  readonly ownerId: UserId;
  /** Every row of the table, with the columns `map` reads. */
  readonly all: Selection<R>;
  /** The rows listed: the owner's, and the filters' (`filtered` when there are any). */
  readonly rows: Selection<R>;
  readonly filtered: boolean;
  readonly map: (row: R) => T;
  readonly order?: Order;
  /** The same rows as the page's selection, found more cheaply, for the count. */
  readonly countFrom?: Selection | undefined;
}

/** Lists of the owner's records, ordered by id unless told otherwise. */
export class SqlRecordReadModel implements RecordReadModel {
  constructor(
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
    private readonly countHorizon = COUNT_HORIZON,
  ) {}

  private page<R, T>(listing: Listing<R, T>, page: Page): Promise<Paged<T>> {
    const { table, rows, order = BY_ID, countFrom } = listing;
    const counted = COUNTED_TABLES.find((name) => name === table);
    const exactTotal =
      listing.filtered || counted === undefined
        ? undefined
        : ownedRowCount(this.q.db, counted, listing.ownerId);
    const runs =
      order === NEWEST_FIRST && (!this.dialect.descendingNullsLastOnIndex || page.after !== undefined)
        ? newestFirstRuns(this.dialect, rows.clearSelect(), listing.all)
        : undefined;
    return pagedSelect(
      this.q,
      { rows, map: listing.map, exactTotal, countFrom, order, runs },
      page,
      this.countHorizon,
    );
  }

  clients(ownerId: UserId, query: ClientListQuery): Promise<Paged<Client>> {
    const all = this.q.db.selectFrom('clients as r').select(LISTED.clients);
    const rows = all.where('r.owner_id', '=', ownerId).where('r.active', '=', r.lit(query.active));
    const listing = {
      table: 'clients',
      ownerId,
      all,
      rows,
      filtered: true,
      map: clientTable.fromRow,
    } as const;
    if (query.orderBy === null) return this.page(listing, query);
    // Each client's latest record of the type, newest first by (created_at, id), found along the
    // records' (client_id, created_at, id) index; clients without one last, by id. The join gives
    // each client one row, so the clients are counted without it: PostgreSQL would look up each
    // one's latest record only to count it.
    const latestOf = LATEST_RECORD_TABLES[query.orderBy];
    return this.page(
      {
        ...listing,
        rows: this.dialect.latestOfClient(rows, latestOf, r.ref('r.id')),
        countFrom: rows,
        order: [
          { column: latest.ref('l.created_at'), direction: 'desc', nullable: true, kind: 'number' },
          { column: latest.ref('l.id'), direction: 'desc', nullable: true, kind: 'number' },
          { column: r.ref('r.id'), direction: 'asc', kind: 'number' },
        ],
      },
      query,
    );
  }

  projects(ownerId: UserId, query: ProjectListQuery): Promise<Paged<Project>> {
    const all = this.q.db.selectFrom('projects as r').select(LISTED.projects);
    const cascade = r.and([
      r('r.active', '=', r.lit(true)),
      r.or([r('c.id', 'is', null), r('c.active', '=', r.lit(true))]),
    ]);
    const { clientId, active } = query;
    let rows = all.where('r.owner_id', '=', ownerId);
    if (clientId !== undefined) rows = rows.where('r.client_id', '=', clientId);
    if (active !== undefined)
      rows = rows.leftJoin('clients as c', 'c.id', 'r.client_id').where(active ? cascade : r.not(cascade));
    const filtered = clientId !== undefined || active !== undefined;
    return this.page({ table: 'projects', ownerId, all, rows, filtered, map: projectTable.fromRow }, query);
  }

  notes(ownerId: UserId, query: NoteListQuery): Promise<Paged<Note>> {
    const all = this.q.db.selectFrom('notes as r').select(LISTED.notes);
    const rows = all
      .where('r.owner_id', '=', ownerId)
      .$if(query.active !== undefined, (q) => q.where('r.active', '=', r.lit(query.active === true)));
    const listing = { table: 'notes', ownerId, all, map: noteTable.fromRow } as const;
    const filtered = query.active !== undefined;
    if (query.search === undefined) return this.page({ ...listing, rows, filtered }, query);
    const index = this.dialect.searchIndex('notes', r.ref('r.id'), ownerId, query.search);
    if (index === undefined) {
      const search = this.dialect.textSearch([r.ref('r.name'), r.ref('r.description')], query.search);
      return this.page({ ...listing, rows: rows.where(search), filtered: true }, query);
    }
    // On the owner's index: its matches in id order, counted on the index alone when nothing else
    // filters them (the index's entries are the owner's notes).
    return this.page(
      {
        ...listing,
        rows: index.join(rows),
        filtered: true,
        countFrom: filtered ? undefined : index.countFrom,
        order: [{ column: index.idColumn, direction: 'asc', kind: 'number' }],
      },
      query,
    );
  }

  categories(ownerId: UserId, query: NamedListQuery): Promise<Paged<Category>> {
    const all = this.q.db.selectFrom('categories as r').select(LISTED.categories);
    const rows = all.where('r.owner_id', '=', ownerId).where('r.active', '=', r.lit(query.active));
    return this.page(
      { table: 'categories', ownerId, all, rows, filtered: true, map: categoryTable.fromRow },
      query,
    );
  }

  cards(ownerId: UserId, query: NamedListQuery): Promise<Paged<Card>> {
    const all = this.q.db.selectFrom('cards as r').select(LISTED.cards);
    const rows = all.where('r.owner_id', '=', ownerId).where('r.active', '=', r.lit(query.active));
    return this.page({ table: 'cards', ownerId, all, rows, filtered: true, map: cardTable.fromRow }, query);
  }

  times(ownerId: UserId, query: TimeListQuery): Promise<Paged<TimeRecord>> {
    const all = this.q.db.selectFrom('time_records as r').select(LISTED.time_records);
    const rows = linkFilters(all.where('r.owner_id', '=', ownerId), query);
    return this.page(
      {
        table: 'time_records',
        ownerId,
        all,
        rows,
        filtered: isLinkFiltered(query),
        map: timeTable.fromRow,
        order: NEWEST_FIRST,
      },
      query,
    );
  }

  moneys(ownerId: UserId, query: MoneyListQuery): Promise<Paged<MoneyRecord>> {
    const all = this.q.db.selectFrom('money_records as r').select(LISTED.money_records);
    const { card, type } = query;
    const rows = linkFilters(all.where('r.owner_id', '=', ownerId), query)
      .$if(type !== undefined, (q) => q.where(r('r.type', '=', type ?? 0)))
      .$if(card !== undefined, (q) =>
        q.where(r.or([r('r.card_id', '=', card ?? 0), r('r.to_card_id', '=', card ?? 0)])),
      );
    const filtered = isLinkFiltered(query) || type !== undefined || card !== undefined;
    return this.page(
      { table: 'money_records', ownerId, all, rows, filtered, map: moneyTable.fromRow, order: NEWEST_FIRST },
      query,
    );
  }
}
