import { BoundedCache } from '../bounded-cache.js';
import type { VersionedTable } from '../schemas/visible-row-version.schemas.js';
import type { Condition } from '../sql-dialect.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/** How many counts an instance keeps before it forgets them all (a few hundred bytes each). */
const CAPACITY = 4_096;

/** The columns a page's statement answers its total and the counted rows' version in. */
const TOTAL_COLUMN = 'page_total';
const VERSION_COLUMN = 'page_version';

/** The version of the rows `version` asks for, 0 before the first write to one. */
const currentVersion = (version: Condition) => `coalesce((${version.sql}), 0)`;

/** The version a row of the page's statement answered (its `page_version` column). */
const versionOf = (row: Row): number => Number(row[VERSION_COLUMN]);

/** A count as made, and the version of the counted rows it was made at. */
interface Kept {
  readonly version: number;
  readonly total: number;
}

/**
 * A filtered list's count kept between lists while the rows it counts are unchanged. Counting the
 * matches of a search up to the horizon is most of its cost (on SQLite 180 µs of 230 for a common
 * word in 10k tasks; on PostgreSQL it walks thousands of rows), and a script paging through results
 * or polling a search asks the same count again and again.
 *
 * The database keeps a version of the rows each user sees, raised by triggers on every write
 * (visible_row_versions). A list reads that version in the statement that reads its page, from the
 * same snapshot, and counts only when it differs from the version a kept count was made at: the
 * total is always the one counting would give, whatever instance or process wrote since.
 */
export class KeptCounts {
  private readonly counts = new BoundedCache<string, Kept>(CAPACITY);

  /**
   * The total's columns for a page's statement (`page_version`, `page_total`), counting with
   * `count` only when the rows' version moved from the kept count's; and how to read the total
   * from a row those columns answered.
   */
  columns(version: Condition, count: Condition): TotalColumns {
    const key = `${count.sql}\u0000${JSON.stringify(count.params)}`;
    const kept = this.counts.get(key);
    // The version is read twice (a primary-key lookup each): a scalar subquery answers one column.
    const current = currentVersion(version);
    return {
      sql:
        `${current} as ${VERSION_COLUMN}, ` +
        `case when ${current} = ? then null else (${count.sql}) end as ${TOTAL_COLUMN}`,
      params: [...version.params, ...version.params, kept?.version ?? -1, ...count.params],
      version: versionOf,
      total: (row) => {
        const counted = row[TOTAL_COLUMN];
        if ((counted === null || counted === undefined) && kept !== undefined) return kept.total;
        const total = Number(counted ?? 0);
        this.counts.set(key, { version: versionOf(row), total });
        return total;
      },
    };
  }
}

/**
 * The version of the rows of `table` that `userId` sees (0 before the first write to one), raised
 * by every write to one of them (triggers, migration `…090000`/`…090001`).
 */
export const visibleRowsVersion = (table: VersionedTable, userId: number): Condition => ({
  sql: 'select version from visible_row_versions where user_id = ? and table_name = ?',
  params: [userId, table],
});

/** Each version condition's statement read on its own, spelled once (a kept page's every answer reads one). */
const versionStatements = new Map<string, string>();

/** The version of the rows `version` asks for, read on its own. */
export const readRowsVersion = async (
  runner: Pick<SqlRunner, 'get'>,
  version: Condition,
): Promise<number> => {
  let sql = versionStatements.get(version.sql);
  if (sql === undefined) {
    sql = `select ${currentVersion(version)} as ${VERSION_COLUMN}`;
    versionStatements.set(version.sql, sql);
  }
  const row = await runner.get(sql, version.params);
  return row === undefined ? 0 : versionOf(row);
};

/** Columns a page's statement answers its total in, beside each row's own, and how to read it. */
export interface TotalColumns {
  readonly sql: string;
  readonly params: readonly SqlValue[];
  readonly total: (row: Row) => number;
  /** The version of the counted rows the statement read, where it reads one. */
  readonly version?: ((row: Row) => number) | undefined;
}

/** The total counted with `count` by the page's statement itself, every time. */
export const countedTotal = (count: Condition): TotalColumns => ({
  sql: `(${count.sql}) as ${TOTAL_COLUMN}`,
  params: count.params,
  total: (row) => Number(row[TOTAL_COLUMN] ?? 0),
});

/** `total`, with the version of the rows `version` asks for read beside it, in the same statement. */
export const withRowsVersion = (version: Condition, total: TotalColumns): TotalColumns => ({
  sql: `${currentVersion(version)} as ${VERSION_COLUMN}, ${total.sql}`,
  params: [...version.params, ...total.params],
  total: total.total,
  version: versionOf,
});
