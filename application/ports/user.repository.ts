import type { UserId } from '../../domain/task/task.js';
import type { NewUser, User } from '../../domain/user/user.js';

export interface UserRepository {
  findById(id: UserId): Promise<User | null>;
  findByName(name: string): Promise<User | null>;
  add(user: NewUser): Promise<User>;
  /** Every user, ordered by id. */
  list(): Promise<User[]>;
}
