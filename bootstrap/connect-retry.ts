/*
 * Waiting for PostgreSQL at start, as a host or an operator hears of it. A module of its own: hosts
 * see this type through `openWorkspace`'s options, and nothing of the persistence behind it.
 */

/** One wait for an unreachable PostgreSQL at start. */
export interface ConnectRetry {
  /** The database's URL, its password hidden. */
  readonly url: string;
  /** Attempts made so far (1 after the first). */
  readonly attempt: number;
  readonly nextInMs: number;
  readonly reason: string;
}

/** The line an operator reads for a retry. */
export const retryLine = (retry: ConnectRetry): string =>
  `waiting for PostgreSQL at ${retry.url} (attempt ${retry.attempt}, next in ${(
    retry.nextInMs / 1000
  ).toFixed(retry.nextInMs < 1000 ? 2 : 0)} s): ${retry.reason}`;
