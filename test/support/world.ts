import * as E from 'fp-ts/lib/Either.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import type { UserSession } from '../../application/workspace/workspace.js';
import { createWorkspace, type ServedWorkspace } from '../../bootstrap/workspace.js';
import type { Scope } from '../../domain/api-key/scope.js';
import { FixedClock } from './fixed-clock.js';
import { inMemoryHarness, type PersistenceHarness } from './persistence-harness.js';

/** The real workspace (the library's own wiring) over a test persistence and a fixed clock. */
export interface World {
  readonly clock: FixedClock;
  readonly workspace: ServedWorkspace;
  readonly harness: PersistenceHarness;
  readonly persistence: Persistence;
  /** Creates a user and acts as them. */
  user(name: string, timezone?: string): Promise<UserSession>;
  /** A new key for the named user, scopes comma-separated as the CLI takes them. */
  key(userName: string, scopes: string): Promise<string>;
  close(): Promise<void>;
}

export const right = async <Err, A>(work: Promise<E.Either<Err, A>>): Promise<A> => {
  const outcome = await work;
  if (E.isLeft(outcome)) throw new Error(`expected success, got ${JSON.stringify(outcome.left)}`);
  return outcome.right;
};

export const left = async <Err, A>(work: Promise<E.Either<Err, A>>): Promise<Err> => {
  const outcome = await work;
  if (E.isRight(outcome)) throw new Error(`expected failure, got ${JSON.stringify(outcome.right)}`);
  return outcome.left;
};

/** `wrap` swaps adapters around the harness's persistence (to inject faults). */
export const openWorld = async (
  harness?: PersistenceHarness,
  wrap: (persistence: Persistence) => Persistence = (p) => p,
): Promise<World> => {
  const opened = harness ?? (await inMemoryHarness.open());
  const clock = new FixedClock();
  const persistence = wrap(opened.persistence);
  // No webhook worker: its rounds would take faults injected for a request (webhook specs start their own).
  const workspace = createWorkspace({ persistence, clock, webhooks: { deliver: false } });
  return {
    clock,
    workspace,
    harness: opened,
    persistence,
    user: async (name, timezone) => {
      const user = await right(workspace.users.create({ name, ...(timezone ? { timezone } : {}) }));
      return workspace.actingAs(user.id);
    },
    key: async (userName, scopes) => {
      const user = await right(workspace.users.find(userName));
      const list = scopes.split(',') as Scope[];
      return (await right(workspace.keys.create({ userId: user.id, scopes: list }))).plaintext;
    },
    // The workspace first: its webhook worker stops before the database closes under it.
    close: () => workspace.close().then(() => opened.close()),
  };
};
