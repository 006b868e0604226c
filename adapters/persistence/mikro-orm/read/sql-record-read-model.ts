import type { Page, Paged } from '../../../../application/ports/paging.js';
import type {
  ClientListQuery,
  NamedListQuery,
  NoteListQuery,
  ProjectListQuery,
  RecordReadModel,
} from '../../../../application/ports/record-read-model.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type {
  Card,
  Category,
  Client,
  Note,
  Project,
  RecordType,
} from '../../../../domain/workspace/records.js';
import { cardTable, categoryTable, clientTable, noteTable, projectTable } from '../record-tables.js';
import type { Row } from '../row-decoding.js';
import type { SqlDialect } from '../sql-dialect.js';
import { pagedSelect } from './paged-select.js';
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
const NOTE = [
  ...NAMED,
  ['date', 'date'],
  ['client_id', 'clientId'],
  ['project_id', 'projectId'],
  ['task_id', 'taskId'],
  ['category_id', 'categoryId'],
] as const;

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
  ) {}

  private page<R>(
    table: string,
    columns: string,
    where: { readonly sql: string; readonly params: SqlValue[]; readonly joins?: string },
    page: Page,
    map: (row: Row) => R,
    orderBy = 'order by r.id asc',
  ): Promise<Paged<R>> {
    const from = `from ${table} r ${where.joins ?? ''} where ${where.sql}`;
    return pagedSelect(this.runner, { columns, from, params: where.params, orderBy, map }, page);
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
      const term = query.search.toLowerCase();
      conditions.push(
        `(${this.dialect.containsLowered('r.name')} or ${this.dialect.containsLowered('r.description')})`,
      );
      params.push(term, term);
    }
    return this.page(
      'notes',
      select(NOTE),
      { sql: conditions.join(' and '), params },
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
}
