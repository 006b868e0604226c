import type { Page, Paged } from '../../../../application/ports/paging.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

export interface PagedSelect<T> {
  /** The selected columns. */
  readonly columns: string;
  /** `from … [joins] where …`, shared by the page and the count. */
  readonly from: string;
  readonly params: readonly SqlValue[];
  readonly orderBy: string;
  readonly map: (row: Row) => T;
}

/** One page of rows and the total count of the same selection, as two prepared statements. */
export const pagedSelect = async <T>(
  runner: SqlRunner,
  select: PagedSelect<T>,
  page: Page,
): Promise<Paged<T>> => {
  const [rows, count] = await Promise.all([
    runner.all(`select ${select.columns} ${select.from} ${select.orderBy} limit ? offset ?`, [
      ...select.params,
      page.limit,
      page.offset,
    ]),
    runner.get(`select count(*) as total ${select.from}`, select.params),
  ]);
  return { items: rows.map(select.map), total: Number(count?.total ?? 0) };
};
