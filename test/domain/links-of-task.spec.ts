import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { linksFollowingTask } from '../../domain/workspace/links-of-task.js';

/** CONTRACT §12: a record linked to a task counts for the task's project and client. */
describe('the links a record takes from its task', () => {
  const task = { projectId: 7, clientId: 3 };
  const none = { projectId: null, clientId: null };

  it("takes the task's project and client for those the change does not name", () => {
    expect(linksFollowingTask(task, {}, none)).to.deep.equal(E.right(task));
    expect(linksFollowingTask(task, {}, { projectId: 9, clientId: 4 })).to.deep.equal(E.right(task));
    expect(linksFollowingTask(task, { projectId: null }, none)).to.deep.equal(E.right(task));
  });

  it("keeps one named that is the task's, and refuses one that is not", () => {
    expect(linksFollowingTask(task, { projectId: 7 }, { projectId: 7, clientId: null })).to.deep.equal(
      E.right(task),
    );
    expect(linksFollowingTask(task, { clientId: 4 }, { projectId: null, clientId: 4 })).to.deep.equal(
      E.left({ _tag: 'LinkMismatch', field: 'clientId' }),
    );
  });

  it('leaves the record its own where the task has none', () => {
    expect(linksFollowingTask(none, { projectId: 9 }, { projectId: 9, clientId: 4 })).to.deep.equal(
      E.right({ projectId: 9, clientId: 4 }),
    );
  });
});
