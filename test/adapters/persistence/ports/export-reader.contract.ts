import { expect } from 'chai';
import { localDate } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

/** CONTRACT §12: what an export reads, a page at a time, of one owner only. */
export const exportReaderContract = (factory: HarnessFactory): void =>
  portSuite('WorkspaceExportReader: a workspace by pages', factory, (fixture) => {
    it('pages a section by id after the id given, of the owner only', async () => {
      const { write, persistence } = fixture();
      const ann = await fixture().addUser('ann');
      const bob = await fixture().addUser('bob');
      const named = (ownerId: number, name: string) =>
        write((r) => r.categories.add(ownerId, { name, description: null, active: true }, AT));
      const first = await named(ann, 'a');
      await named(bob, 'b');
      const second = await named(ann, 'c');
      const third = await named(ann, 'd');
      const reader = persistence.exportReader;
      expect((await reader.page('categories', ann, 0, 2)).map((c) => c.id)).to.deep.equal([
        first.id,
        second.id,
      ]);
      expect((await reader.page('categories', ann, second.id, 2)).map((c) => c.id)).to.deep.equal([third.id]);
      expect(await reader.page('categories', ann, third.id, 2)).to.deep.equal([]);
    });

    it("reads the owner's own tasks, not those assigned to them, and the history of those alone", async () => {
      const { write, persistence } = fixture();
      const ann = await fixture().addUser('ann');
      const bob = await fixture().addUser('bob');
      const own = await fixture().addTask(ann);
      const assigned = await fixture().addTask(bob, { assigneeId: ann });
      for (const task of [own, assigned])
        await write((r) =>
          r.history.append({ taskId: task.id, from: null, to: 0, changedBy: task.ownerId, changedAt: AT }),
        );
      const reader = persistence.exportReader;
      expect((await reader.page('tasks', ann, 0, 10)).map((t) => t.id)).to.deep.equal([own.id]);
      expect((await reader.page('task_history', ann, 0, 10)).map((h) => h.taskId)).to.deep.equal([own.id]);
    });

    it('reads the profile as it stands and only the completions that stand', async () => {
      const { write, persistence } = fixture();
      const ann = await fixture().addUser('ann');
      const kept = await fixture().addTask(ann);
      const taken = await fixture().addTask(ann);
      const day = localDate('2026-03-01');
      await write(async (r) => {
        const state = await r.gamification.load(ann, day);
        await r.gamification.recordCompletions([
          {
            taskId: kept.id,
            userId: ann,
            day,
            points: 13,
            completedAt: AT,
          },
        ]);
        await r.gamification.recordCompletions([
          {
            taskId: taken.id,
            userId: ann,
            day,
            points: 10,
            completedAt: AT,
          },
        ]);
        await r.gamification.save({
          ...state,
          profile: { ...state.profile, totalPoints: 13, bestStreakDays: 1, standingCompletions: 1 },
        });
      });
      await write((r) => r.gamification.revokeCompletion(taken.id, AT));
      const { profile, completions } = await persistence.exportReader.gamification(ann);
      expect(profile).to.include({ userId: ann, totalPoints: 13, bestStreakDays: 1 });
      expect(completions).to.deep.equal([{ taskId: kept.id, userId: ann, day, points: 13, completedAt: AT }]);
    });
  });
