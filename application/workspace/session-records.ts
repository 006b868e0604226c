import type * as E from 'fp-ts/lib/Either.js';
import type { Stored } from '../../domain/workspace/records.js';
import type { Unplaced } from '../records/record-kind.js';
import type { RecordUseCases } from '../records/record-use-cases.js';
import type { Actor } from '../shared/actor.js';
import type { ValidationFailed } from '../shared/errors.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import type { OperationGroup } from './scope-policy.js';
import { forId, given, type Runner } from './session-binding.js';
import type { RecordOperations } from './session-types.js';

/** How one record type's inputs become what its use cases take. */
interface RecordPreparers<F, G, L, Create, Update, Query> {
  readonly create: (input: Create | undefined) => E.Either<ValidationFailed, G>;
  readonly update: (input: Update | undefined) => E.Either<ValidationFailed, Partial<Unplaced<F>>>;
  readonly list: (input: Query | undefined) => E.Either<ValidationFailed, L>;
}

export const recordOperations = <F extends object, C extends string, G, L, Create, Update, Query, X>(
  group: OperationGroup,
  useCases: RecordUseCases<F, C, G, L>,
  prepare: RecordPreparers<F, G, L, Create, Update, Query>,
  actor: Actor,
  run: Runner<X>,
): RecordOperations<Stored<F>, Create, Update, Query, C, X> => {
  const { resource } = useCases.get.kind;
  return {
    create: (input) =>
      run(group, 'create')(() => given(prepare.create, input)((g) => useCases.create.execute(actor, g))),
    get: (id) => run(group, 'get')(() => forId(resource, id, () => useCases.get.execute(actor, id))),
    list: (query) =>
      run(group, 'list')(() => given(prepare.list, query)((q) => useCases.list.execute(actor, q))),
    listIfChanged: (version, query) =>
      run(
        group,
        'list',
      )(() => given(prepare.list, query)((q) => useCases.list.executeUnless(actor, q, version))),
    update: (id, changes, precondition) =>
      run(
        group,
        'update',
      )(() =>
        forId(resource, id, () =>
          given(prepare.update, changes)((c) => useCases.update.execute(actor, id, c, precondition)),
        ),
      ),
    delete: (id, precondition) =>
      run(group, 'delete')(() => forId(resource, id, () => useCases.delete.execute(actor, id, precondition))),
  };
};

/** Categories and cards take the same inputs. */
export const namedPreparers = <I extends SessionInputs>(prepare: Preparers<I>) => ({
  create: prepare.createNamed,
  update: prepare.updateNamed,
  list: prepare.listNamed,
});
