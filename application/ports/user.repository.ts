import type { TimeZone } from '../../domain/shared/time-zone.js';
import type { UserId } from '../../domain/task/task.js';
import type { NewUser, User } from '../../domain/user/user.js';

export interface UserRepository {
  findById(id: UserId): Promise<User | null>;
  findByName(name: string): Promise<User | null>;
  add(user: NewUser): Promise<User>;
  /** The zone the user's wall-clock values and streaks are read in from now on. */
  setTimezone(id: UserId, timezone: TimeZone): Promise<void>;
  /** Every user, ordered by id. */
  list(): Promise<User[]>;
}
