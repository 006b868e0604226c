import { expect } from 'chai';
import { isVisibleTo, seersOf } from '../../domain/task/task.js';

describe('who sees a task', () => {
  it('is its owner, and its assignee when that is someone else: exactly those isVisibleTo holds for', () => {
    const cases = [
      { ownerId: 1, assigneeId: null },
      { ownerId: 1, assigneeId: 1 },
      { ownerId: 1, assigneeId: 2 },
    ];
    expect(cases.map(seersOf)).to.deep.equal([[1], [1], [1, 2]]);
    for (const task of cases)
      for (const user of [1, 2, 3]) expect(seersOf(task).includes(user)).to.equal(isVisibleTo(task, user));
    expect(seersOf(null)).to.deep.equal([]);
    expect(seersOf(undefined)).to.deep.equal([]);
  });
});
