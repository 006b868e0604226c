import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import type { Page, Paged } from '../ports/paging.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, ValidationFailed } from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type VersionedRead,
} from '../shared/list-version.js';
import * as seq from '../shared/sequence.js';
import type { QueryDecoder } from './list-queries.js';

export type ListRecordsError = ValidationFailed | InfrastructureError;

export interface RecordPage<R> extends Paged<R> {
  readonly limit: number;
  readonly offset: number;
  /** Changes whenever anything this list could show changes for the caller (CONTRACT §9). */
  readonly version: string;
}

/** Lists the caller's records of one type: strict query decoding, then the read model. */
export class ListRecords<Q extends Page, R> {
  constructor(
    private readonly resource: ChangeResource,
    private readonly decode: QueryDecoder<Q>,
    private readonly fetch: (ownerId: UserId, query: Q) => Promise<Paged<R>>,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<ListRecordsError, RecordPage<R>> {
    return pipe(
      TE.fromEither(this.decode(input)),
      seq.flatMap((q) => readVersioned(this.read(actor, q))),
    );
  }

  /** As `execute`, or `Unchanged` without reading the page when `version` (if given) is still the list's. */
  executeUnless(
    actor: Actor,
    input: unknown,
    version: string | undefined,
  ): TE.TaskEither<ListRecordsError, RecordPage<R> | Unchanged> {
    return pipe(
      TE.fromEither(this.decode(input)),
      seq.flatMap((q) => readVersionedUnless(this.read(actor, q), version)),
    );
  }

  private read(actor: Actor, q: Q): VersionedRead<Omit<RecordPage<R>, 'version'>> {
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: this.resource,
      query: q,
      page: async () => ({ ...(await this.fetch(actor.userId, q)), limit: q.limit, offset: q.offset }),
    };
  }
}

/** What callers see of a lister, whatever query type it decodes. */
export type RecordLister<R> = Pick<ListRecords<Page, R>, 'execute' | 'executeUnless'>;
