import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { streakEndingAt } from '../../../../domain/gamification/completion-ledger.js';
import { emptyProfile } from '../../../../domain/gamification/profile.js';
import { addDays, type LocalDate } from '../../../../domain/shared/local-date-time.js';
import { localDate } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { portSuite } from './port-fixture.js';

const MONDAY = localDate('2026-03-02');
const TUESDAY = localDate('2026-03-03');

export const gamificationContract = (factory: HarnessFactory): void =>
  portSuite('GamificationRepository', factory, (fixture) => {
    it('answers an empty profile and ledger for a user with no completions', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const state = await write((r) => r.gamification.load(alice, TUESDAY));
      expect(state.profile).to.deep.equal(emptyProfile(alice));
      expect([...state.ledger]).to.deep.equal([]);
    });

    it('stores points, best streak and achievements over the loaded state, and reads them back', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const unlockedAt = new Date('2026-03-02T09:00:00.250Z');
      const profile = {
        userId: alice,
        totalPoints: 42,
        bestStreakDays: 3,
        standingCompletions: 4,
        achievements: [{ code: 'first_task', unlockedAt }] as const,
      };
      // As the use cases do: save what was loaded (and locked) in the same unit of work.
      const loadThenSave = (next: typeof profile) =>
        write(async (r) =>
          r.gamification.save({ ...(await r.gamification.load(alice, TUESDAY)), profile: next }),
        );
      await loadThenSave(profile);
      await loadThenSave({ ...profile, totalPoints: 50, standingCompletions: 5 });
      const { profile: read } = await write((r) => r.gamification.load(alice, TUESDAY));
      expect(read).to.deep.equal({
        ...profile,
        totalPoints: 50,
        standingCompletions: 5,
        achievements: [{ code: 'first_task', unlockedAt }],
      });
    });

    it('counts standing completions per user and day, and forgets one once it is taken back', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const [first, second, third, bobs] = [
        await addTask(alice),
        await addTask(alice),
        await addTask(alice),
        await addTask(bob),
      ];
      const completedAt = new Date('2026-03-02T10:00:00Z');
      // One call: two of alice's on one day are one upsert of that day, counting both.
      await write((r) =>
        r.gamification.recordCompletions([
          { taskId: first.id, userId: alice, day: MONDAY, points: 10, completedAt },
          { taskId: second.id, userId: alice, day: MONDAY, points: 20, completedAt },
          { taskId: third.id, userId: alice, day: TUESDAY, points: 5, completedAt },
          { taskId: bobs.id, userId: bob, day: MONDAY, points: 7, completedAt },
        ]),
      );
      expect([...(await write((r) => r.gamification.load(alice, TUESDAY))).ledger].sort()).to.deep.equal([
        [MONDAY, 2],
        [TUESDAY, 1],
      ]);
      const revokedAt = new Date('2026-03-02T11:00:00Z');
      expect(await write((r) => r.gamification.revokeCompletion(second.id, revokedAt))).to.deep.equal({
        taskId: second.id,
        userId: alice,
        day: MONDAY,
        points: 20,
        completedAt,
      });
      expect(
        await write((r) => r.gamification.revokeCompletion(second.id, revokedAt)),
        'taken back once',
      ).to.equal(null);
      expect([...(await write((r) => r.gamification.load(alice, TUESDAY))).ledger].sort()).to.deep.equal([
        [MONDAY, 1],
        [TUESDAY, 1],
      ]);
    });

    it('answers its own writes within the unit of work: a completion counts at once and can be taken back', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const [first, second] = [await addTask(alice), await addTask(alice)];
      const completion = (taskId: number, day: LocalDate) => ({
        taskId,
        userId: alice,
        day,
        points: 10,
        completedAt: new Date(`${day}T10:00:00Z`),
      });
      const inTheSameUnit = await write(async (r) => {
        await r.gamification.recordCompletions([completion(first.id, MONDAY)]);
        await r.gamification.recordCompletions([completion(second.id, TUESDAY)]);
        const counted = [...(await r.gamification.load(alice, TUESDAY)).ledger].sort();
        const taken = await r.gamification.revokeCompletion(first.id, new Date('2026-03-03T11:00:00Z'));
        const after = [...(await r.gamification.load(alice, TUESDAY)).ledger].sort();
        return { counted, taken: taken?.taskId, after };
      });
      expect(inTheSameUnit).to.deep.equal({
        counted: [
          [MONDAY, 1],
          [TUESDAY, 1],
        ],
        taken: first.id,
        after: [[TUESDAY, 1]],
      });
      expect(
        [...(await write((r) => r.gamification.load(alice, TUESDAY))).ledger],
        'as committed',
      ).to.deep.equal([[TUESDAY, 1]]);
    });

    it('writes a completion together with the profile it was scored into, and nothing when the unit rolls back', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const task = await addTask(alice);
      const completion = { taskId: task.id, userId: alice, day: MONDAY, points: 15, completedAt: new Date() };
      const rolledBack = await persistence.unitOfWork.run(async (r) => {
        await r.gamification.recordCompletions([completion]);
        return E.left('changed my mind');
      })();
      expect(E.isLeft(rolledBack)).to.equal(true);
      expect(
        [...(await write((r) => r.gamification.load(alice, MONDAY))).ledger],
        'rolled back',
      ).to.deep.equal([]);

      await write(async (r) => {
        const state = await r.gamification.load(alice, MONDAY);
        await r.gamification.recordCompletions([completion]);
        await r.gamification.save({
          ...state,
          profile: { ...state.profile, totalPoints: 15, standingCompletions: 1 },
        });
      });
      const stored = await write((r) => r.gamification.load(alice, MONDAY));
      expect(stored.profile).to.deep.include({ totalPoints: 15, standingCompletions: 1 });
      expect([...stored.ledger]).to.deep.equal([[MONDAY, 1]]);
    });

    it('holds the whole current streak in the ledger, however long, and today when it has completions', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const today = localDate('2026-06-30');
      // 150 days in a row ending today, after a gap and an older run: longer than any first window.
      const days = [
        ...Array.from({ length: 150 }, (_, i) => addDays(today, -i)),
        ...Array.from({ length: 5 }, (_, i) => addDays(today, -160 - i)),
      ];
      const tasks: Awaited<ReturnType<typeof addTask>>[] = [];
      for (const _ of days) tasks.push(await addTask(alice));
      await write(async (r) => {
        for (const [i, day] of days.entries()) {
          const task = tasks[i];
          if (task === undefined) continue;
          await r.gamification.recordCompletions([
            {
              taskId: task.id,
              userId: alice,
              day,
              points: 10,
              completedAt: new Date(`${day}T10:00:00Z`),
            },
          ]);
        }
      });
      const { ledger } = await write((r) => r.gamification.load(alice, today));
      expect(streakEndingAt(ledger, today)).to.equal(150);
      expect(ledger.get(today)).to.equal(1);
      expect(streakEndingAt(ledger, addDays(today, 1))).to.equal(150);
    });
  });
