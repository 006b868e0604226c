import type { Statements } from '../orm-runner.js';
import { SEARCH_INDEXES, type SqlDialect } from '../sql-dialect.js';

/** Pages of merge work per step: a step holds the write connection, and with it the event loop. */
const PAGES_PER_STEP = 32;

export interface UpkeepTiming {
  /** How long writes must pause before a step runs, so that a burst of writes is followed by one run. */
  readonly afterWriteMs: number;
  /**
   * Under writes that do not pause, the time from one step to the next: merging in every gap slows
   * the writes (FTS5's own automerge keeps the segments bounded meanwhile).
   */
  readonly underWritesMs: number;
  /** The least pause between steps, in which requests go on. */
  readonly betweenStepsMs: number;
  /**
   * The pause after a step as a multiple of the step's own time, so that merging a large index
   * (after an import, or an upgrade) takes at most a tenth of the event loop however long it lasts.
   */
  readonly pauseFactor: number;
}

const TIMING: UpkeepTiming = { afterWriteMs: 50, underWritesMs: 1000, betweenStepsMs: 5, pauseFactor: 9 };

/**
 * Keeps SQLite's search indexes in few segments. FTS5 stores each transaction's entries as a new
 * segment and merges them lazily, so an index grown by many writes holds dozens, and a search looks
 * each of its words up in every one (bench/RESULTS-mechanisms.md). After writes, merge steps run one
 * at a time, each a transaction of its own, with pauses between, until a step finds nothing to merge; `usermerge` 2 (migration …130000) lets a step merge any two
 * segments of a level, so the index settles at a segment or so per level. A step waits for the
 * writes to pause (`afterWriteMs`), or, under writes that go on, until `underWritesMs` has passed
 * since the last step.
 */
export class SearchIndexUpkeep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  /** A write committed while a step ran: its segment may have come after the step's merge. */
  private pokedWhileRunning = false;
  /** When the last write committed, and when the last step ended (`performance.now()`). */
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private lastStepAt = performance.now();

  constructor(
    /** One merge step (`mergeStep`) in a transaction of its own; whether it found work. */
    private readonly mergeInTransaction: () => Promise<boolean>,
    private readonly onFailure: (cause: unknown) => void,
    private readonly timing: UpkeepTiming = TIMING,
  ) {}

  /** A write happened: merge soon, or once more after the step under way. */
  poke(): void {
    if (this.closed) return;
    this.lastWriteAt = performance.now();
    if (this.running !== undefined) this.pokedWhileRunning = true;
    else if (this.timer === undefined) this.schedule(this.timing.afterWriteMs);
  }

  /** Resolves once no merge step is pending or running (for specs). */
  async settled(): Promise<void> {
    while (this.running !== undefined || this.timer !== undefined) {
      if (this.running === undefined) await new Promise((resolve) => setTimeout(resolve, 1));
      else await this.running;
    }
  }

  /** Stops merging; resolves once a step under way has finished. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const wait = this.untilWritesAllow();
      if (wait > 0) {
        this.schedule(wait);
        return;
      }
      this.running = this.step().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    // Upkeep alone never keeps the process alive.
    this.timer.unref();
  }

  /** How much longer a step must wait: for the writes to pause, or for its turn under writes. */
  private untilWritesAllow(): number {
    const now = performance.now();
    const untilPause = this.lastWriteAt + this.timing.afterWriteMs - now;
    const untilTurn = this.lastStepAt + this.timing.underWritesMs - now;
    return Math.max(0, Math.min(untilPause, untilTurn));
  }

  private async step(): Promise<void> {
    if (this.closed) return;
    this.pokedWhileRunning = false;
    const started = performance.now();
    try {
      const merged = await this.mergeInTransaction();
      const pause = (performance.now() - started) * this.timing.pauseFactor;
      if ((merged || this.pokedWhileRunning) && !this.closed)
        this.schedule(Math.max(this.timing.betweenStepsMs, pause));
    } catch (cause) {
      // Left for the next write to try again; a search still answers from unmerged segments.
      this.onFailure(new Error('could not merge the search index', { cause }));
    } finally {
      this.lastStepAt = performance.now();
    }
  }
}

/**
 * One bounded merge of each index; whether either found work. FTS5 tells it only through the
 * connection's change count: a merge that did something adds 2 or more.
 */
export const mergeStep = async (tx: Statements, dialect: SqlDialect): Promise<boolean> => {
  let merged = false;
  for (const index of Object.values(SEARCH_INDEXES)) {
    const before = await changeCount(tx, dialect);
    await tx.run(dialect.mergeSearchIndex(index, PAGES_PER_STEP));
    if ((await changeCount(tx, dialect)) - before >= 2) merged = true;
  }
  return merged;
};

const changeCount = async (tx: Statements, dialect: SqlDialect): Promise<number> =>
  Number((await tx.first(dialect.totalChanges))?.changes ?? 0);
