import type { ZonedDateTime } from '../../domain/shared/local-date-time.js';
import type { RecordKindName } from '../../domain/workspace/references.js';
import type { RecordRepository } from '../ports/record.repository.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import type { ObjectCodec } from '../shared/codecs.js';
import type { ValidationDetail } from '../shared/validation-detail.js';

/** Any object codec, whatever its fields and required keys. */
// biome-ignore lint/suspicious/noExplicitAny: the codec's field map is only read, never written
export type AnyObjectCodec = ObjectCodec<any, any>;

/** Fields as decoded: a `date` given with a zone still waits for the owner's timezone. */
export type Unplaced<F> = { [K in keyof F]: K extends 'date' ? F[K] | ZonedDateTime : F[K] };

/** A new record's full fields, and the ones its input actually set (those references get checked). */
export interface Draft<F> {
  readonly fields: F;
  readonly given: Partial<F>;
}

/**
 * Everything that differs between owned record types; the create/get/update/delete use cases
 * are written once against this description.
 */
export interface CreatableKind<F extends object, G = never> {
  /** The record kind: its name in "not found", and its row in `REFERENCES`. */
  readonly resource: Exclude<RecordKindName, 'task'>;
  readonly repository: (repositories: Repositories) => RecordRepository<F>;
  /** A new record from its create input, as decoded: the kind's defaults, then what was given. */
  readonly draft: (given: G) => Draft<Unplaced<F>>;
  /** Rules across fields, checked on the resolved record (e.g. a transfer needs two cards). */
  readonly rules?: (fields: F) => readonly ValidationDetail[];
}

/** A record type with the full set of operations (get, list, update, delete as well). */
export interface RecordKind<F extends object, C extends string = string, G = never>
  extends CreatableKind<F, G> {
  /** Records others point at cannot be deleted while they do. */
  readonly inUseCode?: C;
}
