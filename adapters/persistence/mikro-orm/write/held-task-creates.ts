import type { StatusChange } from '../../../../domain/task/status-change.js';
import type { SqlRunner } from '../read/sql-runner.js';
import { historyToRecord, TaskHistorySchema, TaskSchema } from '../schemas/task.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import type { HeldWrites } from './held-writes.js';
import { insertRows, shapeOf } from './table-statements.js';

const TASK = shapeOf(TaskSchema);
const HISTORY = shapeOf(TaskHistorySchema);

/** A task number counter this batch holds (its row locked on PostgreSQL from its first number). */
interface Counter {
  readonly ownerId: number;
  readonly scope: number;
  last: number;
  /** The value its row holds. */
  stored: number;
}

/** Ids PostgreSQL hands a batch at a time: twice as many each time, up to the most. */
const FIRST_IDS = 8;
const MOST_IDS = 128;

/**
 * The task creates of an all-or-nothing batch (CONTRACT §11), written together: a batch of 100
 * creates was 300 statements, one at a time (on PostgreSQL, 300 round trips; on SQLite, each insert
 * made the search index write its words out on its own). Held here, each create costs no statement:
 * the task gets its id from a block reserved ahead (`SqlDialect.reserveIds`), its number from the
 * counter read once per batch, and the rows go out as a few multi-row inserts when the batch's next
 * statement runs or it commits. Each create still answers as alone: the same task, number and
 * history, and the same id it would get now.
 */
export class HeldTaskCreates implements HeldWrites {
  private tasks: Readonly<Record<string, unknown>>[] = [];
  private history: Readonly<Record<string, unknown>>[] = [];
  private readonly counters = new Map<string, Counter>();
  /** Ids reserved and not yet handed out, in order (PostgreSQL). */
  private reserved: number[] = [];
  /** SQLite: every id from this one on is the batch's. */
  private openFrom: number | undefined;
  private block = FIRST_IDS;

  /** The batch's connection, as the unit of work wraps its own (to time each statement). */
  private readonly tx: SqlRunner;

  constructor(
    private readonly dialect: SqlDialect,
    connection: SqlRunner,
    decorate: (tx: SqlRunner) => SqlRunner,
  ) {
    this.tx = decorate(connection);
  }

  get isEmpty(): boolean {
    if (this.tasks.length > 0 || this.history.length > 0) return false;
    for (const counter of this.counters.values()) if (counter.last !== counter.stored) return false;
    return true;
  }

  /** The id of the next task this batch creates: reserving more writes nothing held out first. */
  async nextId(): Promise<number> {
    if (this.openFrom === undefined && this.reserved.length === 0) {
      const { sql, params, open } = this.dialect.reserveIds(TASK.table, this.block);
      const ids = (await this.tx.all(sql, params)).map((row) => Number(row.id)).sort((a, b) => a - b);
      if (open) this.openFrom = ids[0];
      else this.reserved = ids;
      this.block = Math.min(this.block * 2, MOST_IDS);
    }
    if (this.openFrom !== undefined) {
      const id = this.openFrom;
      this.openFrom += 1;
      return id;
    }
    const id = this.reserved.shift();
    if (id === undefined) throw new Error(`no ids reserved for ${TASK.table}`);
    return id;
  }

  /** The next number of `ownerId`'s `scope`: the first through `first` (which locks the counter), the rest counted here. */
  async nextNumber(ownerId: number, scope: number, first: () => Promise<number>): Promise<number> {
    const key = `${ownerId}/${scope}`;
    const counter = this.counters.get(key);
    if (counter !== undefined) {
      counter.last += 1;
      return counter.last;
    }
    const last = await first();
    this.counters.set(key, { ownerId, scope, last, stored: last });
    return last;
  }

  /** Holds the insert of a task row (with its id, properties as `TaskRecord` names them). */
  holdTask(row: Readonly<Record<string, unknown>>): void {
    this.tasks.push(row);
  }

  holdHistory(change: StatusChange): void {
    this.history.push(historyToRecord(change));
  }

  /**
   * Observed like every other statement; the statement before which they are written out counts
   * their time in its own as well.
   */
  async flush(): Promise<void> {
    const { tx } = this;
    // Tasks before their history, which refers to them.
    const statements = [...insertRows(TASK, this.tasks), ...insertRows(HISTORY, this.history)];
    this.tasks = [];
    this.history = [];
    for (const { sql, params } of statements) await tx.run(sql, params);
    for (const counter of this.counters.values()) {
      if (counter.last === counter.stored) continue;
      await tx.run('update task_numbers set last_value = ? where owner_id = ? and scope = ?', [
        counter.last,
        counter.ownerId,
        counter.scope,
      ]);
      counter.stored = counter.last;
    }
  }
}
