import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { Page, Paged } from '../ports/paging.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, ValidationFailed } from '../shared/errors.js';
import { query } from '../shared/read.js';
import * as seq from '../shared/sequence.js';
import type { QueryDecoder } from './list-queries.js';

export type ListRecordsError = ValidationFailed | InfrastructureError;

export interface RecordPage<R> extends Paged<R> {
  readonly limit: number;
  readonly offset: number;
}

/** Lists the caller's records of one type: strict query decoding, then the read model. */
export class ListRecords<Q extends Page, R> {
  constructor(
    private readonly decode: QueryDecoder<Q>,
    private readonly fetch: (ownerId: UserId, query: Q) => Promise<Paged<R>>,
  ) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<ListRecordsError, RecordPage<R>> {
    return pipe(
      TE.fromEither(this.decode(input)),
      seq.flatMap((q) =>
        pipe(
          query(() => this.fetch(actor.userId, q)),
          seq.map((page) => ({ ...page, limit: q.limit, offset: q.offset })),
        ),
      ),
    );
  }
}

/** What callers see of a lister, whatever query type it decodes. */
export type RecordLister<R> = Pick<ListRecords<Page, R>, 'execute'>;
