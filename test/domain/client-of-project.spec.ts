import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { clientFollowingProject } from '../../domain/workspace/client-of-project.js';

describe('references: a record’s client follows its project (issue 33)', () => {
  it('takes the project’s client when none is asked for, or the same one', () => {
    expect(clientFollowingProject(7, undefined, null)).to.deep.equal(E.right(7));
    expect(clientFollowingProject(7, 7, 7)).to.deep.equal(E.right(7));
    // Whatever client the record had before.
    expect(clientFollowingProject(7, undefined, 3)).to.deep.equal(E.right(7));
  });

  it('refuses another client, or none, beside a project that has one', () => {
    expect(clientFollowingProject(7, 8, 8)).to.deep.equal(
      E.left({ _tag: 'ClientMismatch', projectClientId: 7 }),
    );
    expect(clientFollowingProject(7, null, null)).to.deep.equal(
      E.left({ _tag: 'ClientMismatch', projectClientId: 7 }),
    );
  });

  it('leaves the client as resolved when the project has none', () => {
    expect(clientFollowingProject(null, 8, 8)).to.deep.equal(E.right(8));
    expect(clientFollowingProject(null, undefined, null)).to.deep.equal(E.right(null));
  });
});
