import type { Duration } from '../shared/duration.js';
import type { LocalDateTime } from '../shared/local-date-time.js';
import type { Money } from '../shared/money.js';
import type { UserId } from '../task/task.js';

/** What every owned record has besides its own fields. */
export interface Owned {
  readonly id: number;
  readonly ownerId: UserId;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type Stored<F> = F & Owned;

export interface ClientFields {
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly description: string | null;
  readonly active: boolean;
}

export interface ProjectFields {
  readonly name: string;
  readonly clientId: number | null;
  readonly description: string | null;
  readonly active: boolean;
}

/** Categories and cards (money accounts) have the same shape. */
export interface NamedFields {
  readonly name: string;
  readonly description: string | null;
  readonly active: boolean;
}

/** The references a note, time or money record may carry. */
export interface Links {
  readonly clientId: number | null;
  readonly projectId: number | null;
  readonly taskId: number | null;
  readonly categoryId: number | null;
}

export interface NoteFields extends Links {
  readonly name: string;
  readonly description: string | null;
  readonly active: boolean;
  readonly date: LocalDateTime | null;
}

export interface TimeFields extends Links {
  readonly timeReally: Duration;
  readonly description: string | null;
  readonly date: LocalDateTime | null;
}

export const MoneyType = { Income: 1, Expense: 2, Transfer: 3 } as const;
export type MoneyType = (typeof MoneyType)[keyof typeof MoneyType];
export const MONEY_TYPES: readonly MoneyType[] = [1, 2, 3];

export interface MoneyFields extends Links {
  readonly type: MoneyType;
  readonly price: Money;
  readonly card: number | null;
  readonly toCard: number | null;
  readonly description: string | null;
  readonly date: LocalDateTime | null;
}

export type Client = Stored<ClientFields>;
export type Project = Stored<ProjectFields>;
export type Category = Stored<NamedFields>;
export type Card = Stored<NamedFields>;
export type Note = Stored<NoteFields>;
export type TimeRecord = Stored<TimeFields>;
export type MoneyRecord = Stored<MoneyFields>;

/** The kinds of record a client's list can be ordered by (most recent first). */
export const RECORD_TYPES = ['money', 'time', 'note', 'task'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
