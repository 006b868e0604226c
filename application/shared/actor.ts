import type { UserId } from '../../domain/task/task.js';

/** Who is calling: the owner of the API key (or whoever a host embedding the use cases says). */
export interface Actor {
  readonly userId: UserId;
  /** The key the call came with, when it came with one. */
  readonly keyId?: number;
}
