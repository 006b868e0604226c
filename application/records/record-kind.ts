import type * as E from 'fp-ts/lib/Either.js';
import type { RecordRepository, ReferencedKind } from '../ports/record.repository.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import type { ValidationFailed } from '../shared/errors.js';
import type { ValidationDetail } from '../shared/validation-detail.js';

export type ResourceName = 'client' | 'project' | 'category' | 'card' | 'note' | 'time' | 'money';

/** A new record's full fields, and the ones its body actually set (those references get checked). */
export interface Draft<F> {
  readonly fields: F;
  readonly given: Partial<F>;
}

/**
 * Everything that differs between owned record types; the create/get/update/delete use cases
 * are written once against this description.
 */
export interface CreatableKind<F extends object> {
  readonly resource: ResourceName;
  readonly repository: (repositories: Repositories) => RecordRepository<F>;
  readonly decodeCreate: (input: unknown) => E.Either<ValidationFailed, Draft<F>>;
  /** Rules across fields, checked on the resolved record (e.g. a transfer needs two cards). */
  readonly rules?: (fields: F) => readonly ValidationDetail[];
}

/** A record type with the full set of operations (get, list, PATCH, DELETE as well). */
export interface RecordKind<F extends object> extends CreatableKind<F> {
  readonly decodePatch: (input: unknown) => E.Either<ValidationFailed, Partial<F>>;
  /** Records others point at cannot be deleted while they do. */
  readonly inUse?: { readonly kind: ReferencedKind; readonly code: string };
}
