import * as E from 'fp-ts/lib/Either.js';
import { type Closed, closed } from '../application/shared/errors.js';

/**
 * A workspace's calls under way. Once it is closing, a new call answers `Closed`; closing waits for
 * the calls already under way to settle before the database goes, so that each of them finishes
 * (or answers `Closed` itself) instead of failing on a connection taken from under it.
 */
export class CallsInFlight {
  private count = 0;
  private waiting: (() => void)[] = [];

  /** `call`, counted until it settles, unless `isOpen` says the workspace is closing. */
  async run<Err, A>(
    isOpen: () => boolean,
    call: () => Promise<E.Either<Err, A>>,
  ): Promise<E.Either<Err | Closed, A>> {
    if (!isOpen()) return E.left(closed);
    this.count += 1;
    try {
      return await call();
    } finally {
      this.count -= 1;
      if (this.count === 0) for (const settled of this.waiting.splice(0)) settled();
    }
  }

  /** Settles once no call is under way. */
  settled(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
