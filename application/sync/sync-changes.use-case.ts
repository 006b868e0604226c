import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type * as t from 'io-ts';
import { acceptedScopes } from '../../domain/api-key/scope.js';
import {
  CHANGE_RESOURCES,
  type ChangeLogReader,
  type ChangeOperation,
  type ChangeResource,
  type LoggedChange,
} from '../ports/change-log.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { CurrentRecords, ResourceRecords } from '../ports/current-records.port.js';
import type { Actor } from '../shared/actor.js';
import type {
  InfrastructureError,
  InsufficientScope,
  InvalidSyncToken,
  SyncTokenExpired,
  ValidationFailed,
} from '../shared/errors.js';
import { invalidSyncToken } from '../shared/errors.js';
import { query } from '../shared/read.js';
import { recordKey, recordsOfChanges } from './records-of-changes.js';
import { resourcesIn, SYNC_DEFAULT_LIMIT, type syncInput } from './sync.codecs.js';
import { decodeSyncToken, encodeSyncToken, type SyncPosition } from './sync-token.js';

export type SyncError =
  | ValidationFailed
  | InsufficientScope
  | InvalidSyncToken
  | SyncTokenExpired
  | InfrastructureError;

/** One change of one record: the record as it is now, or `null` once it is gone (a tombstone). */
export type SyncedChange = {
  [R in ChangeResource]: {
    readonly seq: number;
    readonly resource: R;
    readonly id: number;
    readonly operation: ChangeOperation;
    readonly changedAt: Date;
    readonly record: ResourceRecords[R] | null;
  };
}[ChangeResource];

export interface SyncPage {
  readonly changes: readonly SyncedChange[];
  /** Where the next sync starts: after the last change this answer read. */
  readonly nextSince: string;
  /** More changes wait after `nextSince` (ask again with it at once). */
  readonly hasMore: boolean;
}

/** How long the change log keeps what a sync token points at, unless told (CONTRACT §10). */
export const DEFAULT_SYNC_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;

export type SyncInput = t.TypeOf<typeof syncInput>;

const scopeRefusal = (resource: ChangeResource): InsufficientScope => ({
  _tag: 'InsufficientScope',
  needed: `${resource}:read`,
  accepted: acceptedScopes(resource, 'read'),
});

/**
 * Several changes to one record within a page fold into one, where its latest was: a record
 * created and then changed reads as created (the client has not seen it), anything else as its
 * latest operation.
 */
const folded = (changes: readonly LoggedChange[]): LoggedChange[] => {
  const latest = new Map<string, LoggedChange>();
  const created = new Set<string>();
  for (const change of changes) {
    const key = `${change.resource}:${change.recordId}`;
    if (change.operation === 'created') created.add(key);
    latest.set(key, change);
  }
  return [...latest.entries()]
    .map(([key, change]) =>
      change.operation === 'updated' && created.has(key)
        ? { ...change, operation: 'created' as const }
        : change,
    )
    .sort((a, b) => a.seq - b.seq);
};

/**
 * Delta sync (CONTRACT §10): the caller's changes after a token, each with its record as `GET`
 * shows it now. A record gone, or no longer the caller's to see, reads as a tombstone whatever its
 * logged operation: replaying the answers in order leaves exactly what the lists show.
 */
export class SyncChanges {
  constructor(
    private readonly changeLog: ChangeLogReader,
    private readonly records: CurrentRecords,
    private readonly clock: Clock,
    private readonly retentionDays: number = DEFAULT_SYNC_RETENTION_DAYS,
  ) {}

  /** `readable`: the resources the caller may read; naming another is refused. */
  execute(
    actor: Actor,
    readable: readonly ChangeResource[],
    input: SyncInput,
  ): TE.TaskEither<SyncError, SyncPage> {
    return pipe(
      TE.fromEither(this.positionOf(actor, readable, input)),
      TE.flatMap(({ position, limit }) => query(() => this.read(actor, position, limit))),
    );
  }

  /** Where the asked page starts: the beginning, or where the token left off, for the resources named. */
  private positionOf(
    actor: Actor,
    readable: readonly ChangeResource[],
    { since, resources: list, limit = SYNC_DEFAULT_LIMIT }: SyncInput,
  ): E.Either<SyncError, { readonly position: SyncPosition; readonly limit: number }> {
    const named = list === undefined ? undefined : resourcesIn(list);
    const refused = named?.find((resource) => !readable.includes(resource));
    if (refused !== undefined) return E.left(scopeRefusal(refused));
    const resources = named ?? readable;
    const now = this.clock.now();
    if (since === undefined) return E.right({ position: { seq: 0, resources, issuedAt: now }, limit });
    return pipe(
      decodeSyncToken(actor.userId, since),
      E.flatMap((token): E.Either<SyncError, { position: SyncPosition; limit: number }> => {
        // A token carries on only for resources it covered: for any other, changes before it were never read.
        if (resources.some((resource) => !token.resources.includes(resource)))
          return E.left(invalidSyncToken);
        if (token.issuedAt.getTime() < now.getTime() - this.retentionDays * DAY_MS)
          return E.left({ _tag: 'SyncTokenExpired', retentionDays: this.retentionDays });
        return E.right({ position: { ...token, resources, issuedAt: now }, limit });
      }),
    );
  }

  private async read(actor: Actor, position: SyncPosition, limit: number): Promise<SyncPage> {
    const { userId } = actor;
    // Every resource: no filter to test on each entry.
    const only = position.resources.length === CHANGE_RESOURCES.length ? undefined : position.resources;
    const read = await this.changeLog.changesAfter(userId, position.seq, limit + 1, only);
    const page = read.slice(0, limit);
    const changes = folded(page);
    const current = await recordsOfChanges(this.records, actor.userId, changes);
    const last = page.at(-1)?.seq ?? position.seq;
    return {
      changes: changes.map((change) => {
        const record = current.get(recordKey(change.resource, change.recordId)) ?? null;
        return {
          seq: change.seq,
          resource: change.resource,
          id: change.recordId,
          operation: record === null ? 'deleted' : change.operation,
          changedAt: change.changedAt,
          record,
          // trust boundary: the record was read for this change's resource: the pairing TypeScript cannot follow.
        } as SyncedChange;
      }),
      nextSince: encodeSyncToken(userId, { ...position, seq: last }),
      hasMore: read.length > limit,
    };
  }

  /** The records the changes name, as they are now, by `resource:id`: one read per resource. */
}
