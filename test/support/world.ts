import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { DependencyContainer } from 'tsyringe';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { CreateApiKey } from '../../application/api-keys/create-api-key.use-case.js';
import type { Actor } from '../../application/shared/actor.js';
import type { AppError } from '../../application/shared/errors.js';
import { CreateUser } from '../../application/users/create-user.use-case.js';
import { buildContainer } from '../../bootstrap/container.js';
import { FixedClock } from './fixed-clock.js';
import { inMemoryHarness, type PersistenceHarness } from './persistence-harness.js';

/** The real container over a test persistence and a fixed clock. */
export interface World {
  readonly clock: FixedClock;
  readonly container: DependencyContainer;
  readonly harness: PersistenceHarness;
  readonly persistence: Persistence;
  user(name: string, timezone?: string): Promise<Actor>;
  key(userName: string, scopes: string): Promise<string>;
  close(): Promise<void>;
}

export const right = async <A>(work: TE.TaskEither<AppError, A>): Promise<A> => {
  const outcome = await work();
  if (E.isLeft(outcome)) throw new Error(`expected success, got ${JSON.stringify(outcome.left)}`);
  return outcome.right;
};

export const left = async <A>(work: TE.TaskEither<AppError, A>): Promise<AppError> => {
  const outcome = await work();
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
  const container = buildContainer({ persistence, clock });
  return {
    clock,
    container,
    harness: opened,
    persistence,
    user: async (name, timezone) => {
      const user = await right(container.resolve(CreateUser).execute({ name, timezone }));
      return { userId: user.id };
    },
    key: async (userName, scopes) =>
      (await right(container.resolve(CreateApiKey).execute({ user: userName, scopes }))).plaintext,
    close: () => opened.close(),
  };
};
