import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { unwrap, WorkspaceError } from '../../application/workspace/unwrap.js';
import { openWorkspace } from '../../bootstrap/index.js';

/** Issue 32, item 9: a small documented way for a script to take an operation's value. */
describe('unwrap', () => {
  it('answers the value of an operation that succeeded', async () => {
    expect(await unwrap(E.right(7))).to.equal(7);
    expect(await unwrap(Promise.resolve(E.right('done')))).to.equal('done');
  });

  it('throws a WorkspaceError holding the failure as the operation answered it', async () => {
    const workspace = await openWorkspace({ database: 'memory:' });
    try {
      const user = await unwrap(workspace.users.create({ name: 'u' }));
      const thrown = await unwrap(workspace.actingAs(user.id).tasks.create({ title: ' ' })).catch(
        (error: unknown) => error,
      );
      expect(thrown).to.be.instanceOf(WorkspaceError);
      const { error, message } = thrown as WorkspaceError<{ readonly _tag: string; readonly code?: string }>;
      expect(error).to.include({ _tag: 'ValidationFailed', code: 'TITLE_REQUIRED' });
      expect(message).to.equal('ValidationFailed: The task title is required.');
    } finally {
      await workspace.close();
    }
  });
});
