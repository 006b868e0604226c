import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, InvalidReference, ValidationFailed } from '../shared/errors.js';
import { checkedFields } from './checked-fields.js';
import type { CreatableKind } from './record-kind.js';

export type CreateRecordError = ValidationFailed | InvalidReference | InfrastructureError;

/** Creates a record of `kind` owned by the caller; every reference must be the caller's. */
export class CreateRecord<F extends object, G> {
  constructor(
    private readonly kind: CreatableKind<F, G>,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, given: G): TE.TaskEither<CreateRecordError, Stored<F>> {
    const draft = this.kind.draft(given);
    return this.unitOfWork.run((repositories) =>
      pipe(
        // `draft.fields` holds what was given too; checkedFields places it and puts it over them.
        checkedFields(
          this.kind,
          repositories,
          actor.userId,
          // trust boundary: a draft's fields are F with what was given put over them, before placing.
          draft.fields as F,
          draft.given,
        ),
        TE.flatMap((fields) =>
          TE.fromTask(() => this.kind.repository(repositories).add(actor.userId, fields, this.clock.now())),
        ),
      )(),
    );
  }
}
