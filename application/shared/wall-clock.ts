import { type LocalDateTime, ZonedDateTime } from '../../domain/shared/local-date-time.js';
import { type TimeZone, UTC, wallClockIn } from '../../domain/shared/time-zone.js';
import type { UserId } from '../../domain/task/task.js';
import type { UserRepository } from '../ports/user.repository.js';

/** `T` with every zoned wall-clock value placed on a local clock. */
export type Placed<T> = {
  [K in keyof T]: T[K] extends infer V ? (V extends ZonedDateTime ? LocalDateTime : V) : never;
};

/**
 * Places the zoned wall-clock values of an input (RFC 3339 with a zone) in the owner's timezone
 * (UTC when the user has none), as CONTRACT 1 asks: `2026-11-22T14:00:00Z` is stored as
 * `2026-11-22T16:00:00` for an owner in Europe/Kyiv. The owner is looked up only when one is there.
 */
export const placeInOwnersZone = async <T extends object>(
  users: UserRepository,
  ownerId: UserId,
  input: T,
): Promise<Placed<T>> => {
  // trust boundary: without a zoned value, the input already is what Placed<T> describes.
  if (!Object.values(input).some((value) => value instanceof ZonedDateTime)) return input as Placed<T>;
  return placeIn((await users.findById(ownerId))?.timezone ?? UTC, input);
};

/** Places the zoned wall-clock values of an input in `zone`. */
export const placeIn = <T extends object>(zone: TimeZone, input: T): Placed<T> => {
  // trust boundary: an input is an object read by its own keys.
  const fields = input as Record<string, unknown>;
  let placed: Record<string, unknown> | undefined;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (!(value instanceof ZonedDateTime)) continue;
    placed ??= { ...fields };
    placed[key] = wallClockIn(zone, value.instant);
  }
  // trust boundary: each zoned value replaced by its wall-clock text (none: the input as it was).
  return (placed ?? input) as Placed<T>;
};
