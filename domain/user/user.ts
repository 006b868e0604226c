import type { TimeZone } from '../shared/time-zone.js';
import type { UserId } from '../task/task.js';

export interface User {
  readonly id: UserId;
  readonly name: string;
  /** Where the user's days begin and end, for streaks and on-time bonuses. */
  readonly timezone: TimeZone;
  readonly createdAt: Date;
}

export type NewUser = Omit<User, 'id'>;

export const USER_NAME_MAX_LENGTH = 191;
