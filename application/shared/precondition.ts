/**
 * A test the record must pass, as it stands inside the write's own transaction (row-locked where
 * the database has row locks), for the write to go ahead: HTTP's `If-Match`, or any compare-and-set
 * a host wants ("only if it is still at version 3"). Failing it changes nothing.
 */
export type Precondition<R> = (current: R) => boolean;

/** Whether the write may go ahead: with no precondition, always. */
export const holds = <R>(precondition: Precondition<R> | undefined, current: R): boolean =>
  precondition === undefined || precondition(current);
