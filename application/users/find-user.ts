import type { User } from '../../domain/user/user.js';
import type { UserRepository } from '../ports/user.repository.js';

const NUMERIC_ID = /^[1-9]\d{0,9}$/;

/** The CLI names users by name or by id. A name wins when a user is literally named "42". */
export const findUserByNameOrId = async (users: UserRepository, nameOrId: string): Promise<User | null> =>
  (await users.findByName(nameOrId)) ?? (NUMERIC_ID.test(nameOrId) ? users.findById(Number(nameOrId)) : null);
