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

export type ListRecordsError = ValidationFailed | InvalidCursor | InfrastructureError;

export interface RecordPage<R> extends PageAnswer<R> {
  /** Changes whenever anything this list could show changes for the caller (CONTRACT §9). */
  readonly version: string;
}

/** Lists the caller's records of one type: the query `G` as decoded, with its defaults (`Q`), from the read model. */
export class ListRecords<G, Q extends PageRequest, R> {
  constructor(
    private readonly resource: ChangeResource,
    private readonly withDefaults: (given: G) => Q,
    private readonly fetch: (ownerId: UserId, query: Opened<Q>) => Promise<Paged<R>>,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: G): TE.TaskEither<ListRecordsError, RecordPage<R>> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((q) => readVersioned(this.read(actor, q))),
    );
  }

  /** As `execute`, or `Unchanged` without reading the page when `version` (if given) is still the list's. */
  executeUnless(
    actor: Actor,
    input: G,
    version: string | undefined,
  ): TE.TaskEither<ListRecordsError, RecordPage<R> | Unchanged> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((q) => readVersionedUnless(this.read(actor, q), version)),
    );
  }

  private open(actor: Actor, input: G): TE.TaskEither<ValidationFailed | InvalidCursor, Opened<Q>> {
    return TE.fromEither(openPage(this.listOf(actor), this.withDefaults(input)));
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

/** What callers see of a lister, whatever its query becomes with its defaults. */
export type RecordLister<G, R> = Pick<ListRecords<G, PageRequest, R>, 'execute' | 'executeUnless'>;
