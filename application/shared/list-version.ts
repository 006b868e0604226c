import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import { checksumOf } from './checksum.js';
import type { InfrastructureError } from './errors.js';
import { query } from './read.js';

/** A list answered only if it changed: what a caller holding its current version gets instead. */
export interface Unchanged {
  readonly unchanged: true;
  /** The version the caller holds, still current. */
  readonly version: string;
}

/** A list with the version it was read at. */
export type Versioned<P> = P & { readonly version: string };

/**
 * Bumped when what a list answers for the same records changes shape (a new field, another
 * spelling), so that a version held from before never passes for the new answer.
 */
const ANSWER_SHAPE = 1;

/**
 * The version of a list as `userId` asks for it (CONTRACT §9): their latest change seq, which moves
 * with every committed write to anything they can see, and the query, decoded (so two spellings of
 * one query share it). It changes whenever anything the list could show changes for them.
 */
export const listVersion = (
  userId: UserId,
  latestSeq: number,
  resource: ChangeResource,
  query: unknown,
): string => `${latestSeq}-${checksumOf([ANSWER_SHAPE, userId, resource, query])}`;

/** What a list is read with: the change log for its version, then the page (which may fail its own way). */
export interface VersionedRead<E, P> {
  readonly changeLog: ChangeLogReader;
  readonly userId: UserId;
  readonly resource: ChangeResource;
  readonly query: unknown;
  readonly page: () => TE.TaskEither<E, P>;
}

const versionOf = <E, P>(read: VersionedRead<E, P>): TE.TaskEither<InfrastructureError, string> =>
  query(async () =>
    listVersion(read.userId, await read.changeLog.latestSeq(read.userId), read.resource, read.query),
  );

const pageAt =
  <E, P>(read: VersionedRead<E, P>) =>
  (version: string): TE.TaskEither<E, Versioned<P>> =>
    pipe(
      read.page(),
      TE.map((page) => ({ ...page, version })),
    );

/**
 * The list's version, then its page. The version is read first: a write committed between the two
 * shows in the page and not in the version, so the version can only be older than the page, and a
 * caller holding it asks again — never the other way round, which would hide that write.
 */
export const readVersioned = <E, P>(
  read: VersionedRead<E, P>,
): TE.TaskEither<E | InfrastructureError, Versioned<P>> => pipe(versionOf(read), TE.flatMap(pageAt(read)));

/** As `readVersioned`, but only the version when it is still `known`: the page is then not read. */
export const readVersionedUnless = <E, P>(
  read: VersionedRead<E, P>,
  known: string | undefined,
): TE.TaskEither<E | InfrastructureError, Versioned<P> | Unchanged> =>
  pipe(
    versionOf(read),
    TE.flatMap(
      (version): TE.TaskEither<E, Versioned<P> | Unchanged> =>
        version === known ? TE.right({ unchanged: true, version }) : pageAt(read)(version),
    ),
  );

export const isUnchanged = <P>(answer: Versioned<P> | Unchanged): answer is Unchanged =>
  'unchanged' in answer && answer.unchanged === true;
