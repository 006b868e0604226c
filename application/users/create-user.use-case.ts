import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type * as t from 'io-ts';
import { UTC } from '../../domain/shared/time-zone.js';
import { USER_NAME_MAX_LENGTH, type User } from '../../domain/user/user.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { object } from '../shared/codecs.js';
import {
  type Conflict,
  conflict,
  type InfrastructureError,
  type ValidationFailed,
} from '../shared/errors.js';
import { requiredName, timeZone } from '../shared/fields.js';

export const createUserInput = object(
  'CreateUserInput',
  { name: requiredName('UserName', USER_NAME_MAX_LENGTH), timezone: timeZone },
  {
    required: ['name'],
    topLevel: (details) =>
      details.some((d) => d.field === 'name' && d.code === 'REQUIRED') ? 'NAME_REQUIRED' : 'VALIDATION_ERROR',
  },
);

export type CreateUserError = ValidationFailed | Conflict<'USER_EXISTS'> | InfrastructureError;

export type CreateUserBody = t.TypeOf<typeof createUserInput>;

/** Users own records and keys; names are unique so the CLI can refer to them. */
export class CreateUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute({ name, timezone }: CreateUserBody): TE.TaskEither<CreateUserError, User> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<Conflict<'USER_EXISTS'>, User>> => {
      if ((await repositories.users.findByName(name)) !== null) {
        return E.left(conflict('USER_EXISTS', `A user named "${name}" exists.`));
      }
      const user = await repositories.users.add({
        name: name,
        timezone: timezone ?? UTC,
        createdAt: this.clock.now(),
      });
      return E.right(user);
    });
  }
}
