import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UserId } from '../../domain/task/task.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import { checksumOf } from './checksum.js';
import { type InfrastructureError, infrastructureError } from './errors.js';

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

/** What a list is read with: the change log for its version, then the page. */
export interface VersionedRead<P> {
  readonly changeLog: ChangeLogReader;
  readonly userId: UserId;
  readonly resource: ChangeResource;
  readonly query: unknown;
  readonly page: () => Promise<P>;
}

const versionOf = async <P>(read: VersionedRead<P>): Promise<string> =>
  listVersion(read.userId, await read.changeLog.latestSeq(read.userId), read.resource, read.query);

const attempt =
  <A>(run: () => Promise<A>): TE.TaskEither<InfrastructureError, A> =>
  () =>
    run().then(E.right, (cause: unknown) => E.left(infrastructureError(cause)));

/**
 * The list's version, then its page. The version is read first: a write committed between the two
 * shows in the page and not in the version, so the version can only be older than the page, and a
 * caller holding it asks again — never the other way round, which would hide that write.
 */
export const readVersioned = <P>(read: VersionedRead<P>): TE.TaskEither<InfrastructureError, Versioned<P>> =>
  attempt(async () => {
    const version = await versionOf(read);
    return { ...(await read.page()), version };
  });

/** As `readVersioned`, but only the version when it is still `known`: the page is then not read. */
export const readVersionedUnless = <P>(
  read: VersionedRead<P>,
  known: string | undefined,
): TE.TaskEither<InfrastructureError, Versioned<P> | Unchanged> =>
  attempt(async () => {
    const version = await versionOf(read);
    if (version === known) return { unchanged: true, version };
    return { ...(await read.page()), version };
  });

export const isUnchanged = <P>(answer: Versioned<P> | Unchanged): answer is Unchanged =>
  'unchanged' in answer && answer.unchanged === true;
