import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { User } from '../../domain/user/user.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';

export type FindUserError = NotFound | InfrastructureError;

const NUMERIC_ID = /^[1-9]\d{0,9}$/;

/** A user by name, or by id given as a number or digits. A name wins when a user is literally named "42". */
export class FindUser {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(nameOrId: string | number): TE.TaskEither<FindUserError, User> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<NotFound, User>> => {
      const text = String(nameOrId);
      const user =
        (typeof nameOrId === 'string' ? await repositories.users.findByName(text) : null) ??
        (NUMERIC_ID.test(text) && isRecordId(Number(text))
          ? await repositories.users.findById(Number(text))
          : null);
      return user === null ? E.left(notFound('user')) : E.right(user);
    });
  }
}

/** Every user, by id. */
export class ListUsers {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(): TE.TaskEither<InfrastructureError, readonly User[]> {
    return this.unitOfWork.run(
      async (repositories): Promise<E.Either<never, readonly User[]>> =>
        E.right(await repositories.users.list()),
    );
  }
}
