import type { LocalDate } from '../../domain/shared/local-date-time.js';
import type { UserId } from '../../domain/task/task.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  MoneyType,
  Note,
  Project,
  RecordType,
  TimeRecord,
} from '../../domain/workspace/records.js';
import type { Page, Paged } from './paging.js';

export interface ClientListQuery extends Page {
  readonly active: boolean;
  /** Most recent record of that type first (by created_at, then id); clients without one last, by id. */
  readonly orderBy: RecordType | null;
}

export interface ProjectListQuery extends Page {
  /** true: project active and its client (if any) active; false: the complement; undefined: all. */
  readonly active?: boolean;
  readonly clientId?: number;
}

export interface NoteListQuery extends Page {
  readonly active?: boolean;
  /** Case-insensitive substring of name or description; `%`, `_` and `\` are literal. */
  readonly search?: string;
}

export interface NamedListQuery extends Page {
  readonly active: boolean;
}

/** The filters time and money records share; every one given must hold. */
export interface LinkedRecordFilters {
  readonly clientId?: number;
  readonly projectId?: number;
  readonly taskId?: number;
  readonly categoryId?: number;
  /** Dated on or after that day (undated records never match a date bound). */
  readonly dateFrom?: LocalDate;
  /** Dated on or before that day. */
  readonly dateTo?: LocalDate;
}

export interface LinkedRecordListQuery extends LinkedRecordFilters, Page {}

export type TimeListQuery = LinkedRecordListQuery;

export interface MoneyListQuery extends LinkedRecordListQuery {
  readonly type?: MoneyType;
  /** The card the money moves from or to (`card` or `to_card`). */
  readonly card?: number;
}

/** The read side of the owner's records: lists, straight from storage, ordered by id unless told. */
export interface RecordReadModel {
  clients(ownerId: UserId, query: ClientListQuery): Promise<Paged<Client>>;
  projects(ownerId: UserId, query: ProjectListQuery): Promise<Paged<Project>>;
  notes(ownerId: UserId, query: NoteListQuery): Promise<Paged<Note>>;
  categories(ownerId: UserId, query: NamedListQuery): Promise<Paged<Category>>;
  cards(ownerId: UserId, query: NamedListQuery): Promise<Paged<Card>>;
  /** Newest first: by `date` descending, then id descending; undated records last. */
  times(ownerId: UserId, query: TimeListQuery): Promise<Paged<TimeRecord>>;
  /** Ordered as `times`. */
  moneys(ownerId: UserId, query: MoneyListQuery): Promise<Paged<MoneyRecord>>;
}
