/**
 * When a failed delivery is tried again (CONTRACT §10: exponential backoff with jitter, for at least
 * 24 hours). The wait after the n-th failed attempt is 5 s × 4^(n-1), at most 6 hours, plus up to a
 * quarter more at random so that deliveries failing together do not return together:
 * 5 s, 20 s, 80 s, 5 min, 21 min, 85 min, then 6 h five times — eleven retries over 31.9 hours at
 * the least (jitter only lengthens them), after which the delivery has failed for good.
 */
export const RETRY_DELAYS_S: readonly number[] = [
  5, 20, 80, 320, 1280, 5120, 21600, 21600, 21600, 21600, 21600,
];

/** Attempts in all: the first and every retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;

/** A subscription whose deliveries have failed without a success for this long is disabled. */
export const FAILING_DISABLES_AFTER_MS = 5 * 86_400_000;

/**
 * The wait before attempt `attempts + 1`, in milliseconds, once `attempts` have failed; null when
 * none is left. `random` is in [0, 1).
 */
export const retryDelayMs = (attempts: number, random: number): number | null => {
  const base = RETRY_DELAYS_S[attempts - 1];
  return base === undefined ? null : Math.round(base * 1000 * (1 + random / 4));
};
