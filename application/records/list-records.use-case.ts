import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import type { Paged } from '../ports/paging.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, InvalidCursor, ValidationFailed } from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type VersionedRead,
} from '../shared/list-version.js';
import {
  type ListOf,
  type Opened,
  openPage,
  type PageAnswer,
  type PageRequest,
  pageAnswer,
} from '../shared/paging.js';
import { query } from '../shared/read.js';
import type { QueryDecoder } from './list-queries.js';

export type ListRecordsError = ValidationFailed | InvalidCursor | InfrastructureError;

export interface RecordPage<R> extends PageAnswer<R> {
  /** Changes whenever anything this list could show changes for the caller (CONTRACT §9). */
  readonly version: string;
}

/** Lists the caller's records of one type: strict query decoding, then the read model. */
export class ListRecords<Q extends PageRequest, R> {
  constructor(
    private readonly resource: ChangeResource,
    private readonly decode: QueryDecoder<Q>,
    private readonly fetch: (ownerId: UserId, query: Opened<Q>) => Promise<Paged<R>>,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<ListRecordsError, RecordPage<R>> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((q) => readVersioned(this.read(actor, q))),
    );
  }

  /** As `execute`, or `Unchanged` without reading the page when `version` (if given) is still the list's. */
  executeUnless(
    actor: Actor,
    input: unknown,
    version: string | undefined,
  ): TE.TaskEither<ListRecordsError, RecordPage<R> | Unchanged> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((q) => readVersionedUnless(this.read(actor, q), version)),
    );
  }

  private open(actor: Actor, input: unknown): TE.TaskEither<ValidationFailed | InvalidCursor, Opened<Q>> {
    return pipe(
      this.decode(input),
      E.flatMap((query) => openPage(this.listOf(actor), query)),
      TE.fromEither,
    );
  }

  private read(actor: Actor, q: Opened<Q>): VersionedRead<InfrastructureError, PageAnswer<R>> {
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: this.resource,
      query: q,
      page: () => query(async () => pageAnswer(this.listOf(actor), q, await this.fetch(actor.userId, q))),
    };
  }

  private listOf(actor: Actor): ListOf {
    return { userId: actor.userId, list: this.resource };
  }
}

/** What callers see of a lister, whatever query type it decodes. */
export type RecordLister<R> = Pick<ListRecords<PageRequest, R>, 'execute' | 'executeUnless'>;
