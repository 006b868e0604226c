/** Rows per insert of many: well below either database's limit of parameters in one statement. */
const ROWS_PER_INSERT = 500;

/** `rows` in runs of at most `size`, one insert each. */
export const chunksOf = <R>(rows: readonly R[], size = ROWS_PER_INSERT): R[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) =>
    rows.slice(index * size, (index + 1) * size),
  );

/**
 * The ids one insert of many rows gave them, in the order of its values: both databases number the
 * rows of one insert upwards in that order, and neither promises the order RETURNING lists them in.
 */
export const inInsertOrder = (rows: readonly { readonly id: number }[]): number[] =>
  rows.map((row) => row.id).sort((a, b) => a - b);
