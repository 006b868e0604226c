import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type AchievementCode, achievementName } from '../../domain/gamification/achievements.js';
import { type ProfileSummary, summarize } from '../../domain/gamification/scoring.js';
import { localDayIn, UTC } from '../../domain/shared/time-zone.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError } from '../shared/errors.js';

export interface ProfileView extends ProfileSummary {
  readonly achievements: readonly {
    readonly code: AchievementCode;
    readonly name: string;
    readonly unlockedAt: Date;
  }[];
}

/** The caller's points, level, streaks and achievements as of now. */
export class GetGamificationProfile {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor): TE.TaskEither<InfrastructureError, ProfileView> {
    return this.unitOfWork.run(async (repositories): Promise<E.Either<never, ProfileView>> => {
      const zone = (await repositories.users.findById(actor.userId))?.timezone ?? UTC;
      const now = this.clock.now();
      const state = await repositories.gamification.load(actor.userId, localDayIn(zone, now));
      return E.right({
        ...summarize(state, zone, now),
        achievements: state.profile.achievements.map((a) => ({ ...a, name: achievementName(a.code) })),
      });
    });
  }
}
