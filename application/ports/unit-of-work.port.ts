import type * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../../domain/workspace/records.js';
import type { InfrastructureError } from '../shared/errors.js';
import type { ApiKeyRepository } from './api-key.repository.js';
import type { CalendarFeedRepository } from './calendar-feed.repository.js';
import type { ChangeNotes } from './change-log.port.js';
import type { GamificationRepository } from './gamification.repository.js';
import type { RecordRepository, RecordUsage } from './record.repository.js';
import type { ReferenceLookup } from './reference-lookup.port.js';
import type { TaskRepository } from './task.repository.js';
import type { TaskHistoryRepository } from './task-history.repository.js';
import type { TaskNumberAllocator } from './task-number-allocator.port.js';
import type { UserRepository } from './user.repository.js';
import type { WebhookRepository } from './webhook.repository.js';

/** Every repository, bound to one transaction. */
export interface Repositories {
  readonly tasks: TaskRepository;
  readonly taskNumbers: TaskNumberAllocator;
  readonly history: TaskHistoryRepository;
  readonly gamification: GamificationRepository;
  readonly references: ReferenceLookup;
  readonly users: UserRepository;
  readonly apiKeys: ApiKeyRepository;
  readonly clients: RecordRepository<ClientFields>;
  readonly projects: RecordRepository<ProjectFields>;
  readonly categories: RecordRepository<NamedFields>;
  readonly cards: RecordRepository<NamedFields>;
  readonly notes: RecordRepository<NoteFields>;
  readonly times: RecordRepository<TimeFields>;
  readonly moneys: RecordRepository<MoneyFields>;
  readonly usage: RecordUsage;
  readonly webhooks: WebhookRepository;
  readonly calendarFeeds: CalendarFeedRepository;
  /** What the write meant beyond its rows (a status move), logged with its changes. */
  readonly changeNotes: ChangeNotes;
}

/**
 * Runs `work` in one transaction: it commits when the work returns Right, and rolls back
 * (leaving nothing half-written) when it returns Left or throws.
 */
export interface UnitOfWork {
  run<E, A>(
    work: (repositories: Repositories) => Promise<E.Either<E, A>>,
  ): TE.TaskEither<E | InfrastructureError, A>;
  /**
   * Runs `work` as one transaction (a batch): every unit of work run while it runs, and every read,
   * joins it. A unit of work that fails inside takes back only its own writes; the rest commit
   * together when `work` returns Right, and none of it when it returns Left or throws. Units of work
   * of one batch run one at a time, in the order they were asked for. Nested, it is one more level.
   */
  together<E, A>(
    work: () => Promise<E.Either<E, A>>,
    options?: TogetherOptions,
  ): TE.TaskEither<E | InfrastructureError, A>;
}

export interface TogetherOptions {
  /**
   * A unit of work that fails fails the whole batch instead of taking back its own writes alone:
   * cheaper (no savepoint per unit), for a batch that stops at its first failure anyway. If `work`
   * still answers Right after one failed, nothing is kept and the batch answers `Unexpected`.
   */
  readonly allOrNothing?: boolean;
  /**
   * `work` keeps nothing between runs, so it may be run again from its start when the database
   * aborts the batch to settle a race with another writer (a deadlock). Otherwise such a batch
   * answers `Unavailable`, for its caller to retry.
   */
  readonly rerunnable?: boolean;
}
