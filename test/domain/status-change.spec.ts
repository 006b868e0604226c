import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { changeStatus } from '../../domain/task/status-change.js';
import type { Task } from '../../domain/task/task.js';
import { aTask } from '../support/builders.js';

const at = new Date('2026-03-10T12:00:00Z');

const right = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`);
  return either.right;
};

describe('changeStatus (pure transition)', () => {
  it('records a change and sets completed_at on entering done', () => {
    const { task, change } = right(changeStatus(aTask({ status: 1 }), 2, 7, at));
    expect(task.status).to.equal(2);
    expect(task.completedAt).to.deep.equal(at);
    expect(change).to.deep.include({ from: 1, to: 2, changedBy: 7, changedAt: at });
  });

  it('clears completed_at on leaving done', () => {
    const done: Task = { ...aTask(), status: 2, completedAt: new Date('2026-03-01T00:00:00Z') };
    const { task } = right(changeStatus(done, 0, 7, at));
    expect(task.completedAt).to.equal(null);
  });

  it('allows every move between the four statuses', () => {
    for (const from of [0, 1, 2, 3] as const) {
      for (const to of [0, 1, 2, 3]) {
        expect(E.isRight(changeStatus(aTask({ status: from }), to, 1, at)), `${from}→${to}`).to.equal(true);
      }
    }
  });

  it('reports no change when the status is the same, and leaves the task untouched', () => {
    const original = aTask({ status: 1 });
    const { task, change } = right(changeStatus(original, 1, 7, at));
    expect(change).to.equal(null);
    expect(task).to.equal(original);
  });

  it('refuses a status outside 0..3', () => {
    expect(changeStatus(aTask(), 7, 1, at)).to.deep.equal(E.left({ _tag: 'UnknownStatus', status: 7 }));
  });
});
