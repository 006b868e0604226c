/** An instant inside a stored snapshot. */
interface InstantBox {
  readonly $instant: number;
}

const isInstantBox = (value: unknown): value is InstantBox =>
  typeof value === 'object' &&
  value !== null &&
  Object.keys(value).length === 1 &&
  '$instant' in value &&
  typeof value.$instant === 'number';

/**
 * A record as JSON text, for the change log: its instants (`Date`s) kept as epoch milliseconds in
 * a box of their own, so that reading it back gives the same record, Dates included.
 */
export const snapshotText = (record: object): string =>
  JSON.stringify(record, function (this: Readonly<Record<string, unknown>>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? ({ $instant: raw.getTime() } satisfies InstantBox) : value;
  });

/** A record read back from `snapshotText`. */
export const snapshotOf = (text: string): object =>
  JSON.parse(text, (_key, value: unknown) => (isInstantBox(value) ? new Date(value.$instant) : value));
