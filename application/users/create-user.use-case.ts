import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { parseTimeZone, type TimeZone, UTC } from '../../domain/shared/time-zone.js';
import { USER_NAME_MAX_LENGTH, type User } from '../../domain/user/user.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { FieldCodec, object } from '../shared/codecs.js';
import { decodeWith } from '../shared/decode.js';
import type { AppError } from '../shared/errors.js';
import { requiredName } from '../shared/fields.js';
import { problem } from '../shared/validation-detail.js';

const timeZone = new FieldCodec<TimeZone>(
  'TimeZone',
  { type: 'string', description: 'IANA time zone, e.g. Europe/Kyiv' },
  (s: string) =>
    parseTimeZone(s) ?? problem('INVALID_FORMAT', 'must be an IANA time zone such as Europe/Kyiv'),
);

const createUserInput = object(
  'CreateUserInput',
  { name: requiredName('UserName', USER_NAME_MAX_LENGTH), timezone: timeZone },
  { required: ['name'] },
);

const decode = decodeWith(createUserInput, (details) =>
  details.some((d) => d.field === 'name' && d.code === 'REQUIRED') ? 'NAME_REQUIRED' : 'VALIDATION_ERROR',
);

/** Users own records and keys; names are unique so the CLI can refer to them. */
export class CreateUser {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: unknown): TE.TaskEither<AppError, User> {
    return pipe(
      TE.fromEither(decode(input)),
      TE.flatMap(({ name, timezone }) =>
        this.unitOfWork.run(async (repositories): Promise<E.Either<AppError, User>> => {
          if ((await repositories.users.findByName(name)) !== null) {
            return E.left({
              _tag: 'Conflict',
              code: 'USER_EXISTS',
              message: `A user named "${name}" exists.`,
            });
          }
          const user = await repositories.users.add({
            name: name,
            timezone: timezone ?? UTC,
            createdAt: this.clock.now(),
          });
          return E.right(user);
        }),
      ),
    );
  }
}
