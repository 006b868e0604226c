import { expect } from 'chai';
import { newlyEarned } from '../../domain/gamification/achievements.js';
import { streakEndingAt } from '../../domain/gamification/completion-ledger.js';
import { levelStanding } from '../../domain/gamification/levels.js';
import { emptyProfile } from '../../domain/gamification/profile.js';
import {
  type CompletedTask,
  feedback,
  type GamificationState,
  revokeCompletion,
  scoreCompletion,
} from '../../domain/gamification/scoring.js';
import { UTC } from '../../domain/shared/time-zone.js';
import { localDate, localDateTime, timeZone } from '../support/builders.js';

const fresh = (): GamificationState => ({ profile: emptyProfile(1), ledger: new Map() });
const task = (priority: 0 | 1 | 2 | 3, date: string | null = null): CompletedTask => ({
  id: 1,
  priority,
  date: date === null ? null : localDateTime(date),
});
const at = (iso: string) => new Date(iso);
const ledgerOf = (days: Record<string, number>) =>
  new Map(Object.entries(days).map(([day, count]) => [localDate(day), count]));

describe('gamification rules', () => {
  describe('scoring a completion', () => {
    it('awards base points by priority plus a first-day streak bonus of 2', () => {
      expect(scoreCompletion(fresh(), task(1), UTC, at('2026-03-10T12:00:00Z')).completion.points).to.equal(
        32,
      );
      expect(scoreCompletion(fresh(), task(2), UTC, at('2026-03-10T12:00:00Z')).completion.points).to.equal(
        22,
      );
      expect(scoreCompletion(fresh(), task(3), UTC, at('2026-03-10T12:00:00Z')).completion.points).to.equal(
        12,
      );
      expect(scoreCompletion(fresh(), task(0), UTC, at('2026-03-10T12:00:00Z')).completion.points).to.equal(
        12,
      );
    });

    it('adds 5 when completed on or before the planned day, not after', () => {
      const now = at('2026-03-10T12:00:00Z');
      expect(scoreCompletion(fresh(), task(0, '2026-03-10 09:00:00'), UTC, now).completion.points).to.equal(
        17,
      );
      expect(scoreCompletion(fresh(), task(0, '2026-03-11 00:00:00'), UTC, now).completion.points).to.equal(
        17,
      );
      expect(scoreCompletion(fresh(), task(0, '2026-03-09 23:59:59'), UTC, now).completion.points).to.equal(
        12,
      );
    });

    it("judges 'on time' in the user's time zone", () => {
      // 23:30 UTC on the 9th is already the 10th in Kyiv: late for a task planned on the 9th.
      const now = at('2026-03-09T23:30:00Z');
      const planned = task(0, '2026-03-09 10:00:00');
      expect(scoreCompletion(fresh(), planned, UTC, now).completion.points).to.equal(17);
      expect(scoreCompletion(fresh(), planned, timeZone('Europe/Kyiv'), now).completion.points).to.equal(12);
    });

    it('caps the streak bonus at 10 and counts today in the streak', () => {
      const state = {
        profile: emptyProfile(1),
        ledger: ledgerOf({ '2026-03-07': 1, '2026-03-08': 1, '2026-03-09': 2 }),
      };
      const scored = scoreCompletion(state, task(0), UTC, at('2026-03-10T08:00:00Z'));
      expect(scored.completion.points).to.equal(10 + 8); // streak of 4 → +8
      const long = ledgerOf(Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => [`2026-03-0${d}`, 1])));
      expect(
        scoreCompletion({ ...state, ledger: long }, task(0), UTC, at('2026-03-10T08:00:00Z')).completion
          .points,
      ).to.equal(20);
    });

    it('unlocks achievements once, by completed tasks and by streak', () => {
      const first = scoreCompletion(fresh(), task(0), UTC, at('2026-03-10T08:00:00Z'));
      expect(first.unlocked).to.deep.equal(['first_task']);
      const again = scoreCompletion(first.state, task(0), UTC, at('2026-03-10T09:00:00Z'));
      expect(again.unlocked).to.deep.equal([]);
      expect(newlyEarned([], { completedTasks: 10, streakDays: 3 })).to.deep.equal([
        'first_task',
        'tasks_10',
        'streak_3',
      ]);
    });

    it('keeps best_streak_days as the highest streak ever seen', () => {
      const state = { profile: { ...emptyProfile(1), bestStreakDays: 9 }, ledger: new Map() };
      expect(
        scoreCompletion(state, task(0), UTC, at('2026-03-10T08:00:00Z')).state.profile.bestStreakDays,
      ).to.equal(9);
    });
  });

  describe('taking a completion back', () => {
    it('subtracts exactly what the completion awarded and forgets its day', () => {
      const scored = scoreCompletion(
        fresh(),
        task(1, '2026-03-10 00:00:00'),
        UTC,
        at('2026-03-10T08:00:00Z'),
      );
      const revoked = revokeCompletion(scored.state, scored.completion);
      expect(revoked.profile.totalPoints).to.equal(0);
      expect(revoked.ledger.size).to.equal(0);
    });

    it('never lets toggling raise the total above a single award', () => {
      let state = fresh();
      let highest = 0;
      for (let i = 0; i < 20; i += 1) {
        const scored = scoreCompletion(state, task(2), UTC, at('2026-03-10T08:00:00Z'));
        highest = Math.max(highest, scored.state.profile.totalPoints);
        state = revokeCompletion(scored.state, scored.completion);
      }
      expect(highest).to.equal(22);
      expect(state.profile.totalPoints).to.equal(0);
    });
  });

  describe('streaks', () => {
    it('end today or yesterday, otherwise they are 0', () => {
      const ledger = ledgerOf({ '2026-03-08': 1, '2026-03-09': 1 });
      expect(streakEndingAt(ledger, localDate('2026-03-09'))).to.equal(2);
      expect(streakEndingAt(ledger, localDate('2026-03-10'))).to.equal(2);
      expect(streakEndingAt(ledger, localDate('2026-03-11'))).to.equal(0);
    });
  });

  describe('levels', () => {
    it('follow the thresholds, then every 5000', () => {
      expect(levelStanding(0)).to.deep.equal({ level: 1, levelName: 'Beginner', nextLevelAt: 100 });
      expect(levelStanding(99).level).to.equal(1);
      expect(levelStanding(100)).to.deep.equal({ level: 2, levelName: 'Novice', nextLevelAt: 250 });
      expect(levelStanding(8000)).to.deep.equal({ level: 9, levelName: 'Grand Master', nextLevelAt: 11000 });
      expect(levelStanding(11000)).to.deep.equal({ level: 10, levelName: 'Enlightened', nextLevelAt: 16000 });
      expect(levelStanding(16000)).to.deep.equal({ level: 11, levelName: 'Enlightened', nextLevelAt: 21000 });
    });
  });

  describe('feedback', () => {
    it('reports points, level-ups and the message for a completion', () => {
      const before = { profile: { ...emptyProfile(1), totalPoints: 95 }, ledger: new Map() };
      const now = at('2026-03-10T08:00:00Z');
      const scored = scoreCompletion(before, task(1), UTC, now);
      const result = feedback({
        event: 'task_completed',
        before,
        after: scored.state,
        unlocked: scored.unlocked,
        taskLabel: '#12',
        zone: UTC,
        at: now,
      });
      expect(result).to.deep.include({
        event: 'task_completed',
        pointsAwarded: 32,
        totalPoints: 127,
        level: 2,
        leveledUp: true,
        streakDays: 1,
        completedToday: 1,
        message: 'Task #12 done: +32 points.',
      });
      expect(result.achievementsUnlocked).to.deep.equal([
        { code: 'first_task', name: 'First task completed' },
      ]);
    });
  });
});
