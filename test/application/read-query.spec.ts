import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { DatabaseUnavailableError } from '../../application/shared/errors.js';
import { query } from '../../application/shared/read.js';

describe('a read-model query', () => {
  it('answers what the read answered', async () => {
    expect(await query(async () => 42)()).to.deep.equal(E.right(42));
  });

  it('turns a rejected read into an unexpected failure carrying the cause', async () => {
    const cause = new Error('a bug below');
    const outcome = await query(() => Promise.reject(cause))();
    expect(outcome).to.deep.equal(E.left({ _tag: 'Unexpected', cause }));
  });

  it('tells an unreachable database apart (503, not 500)', async () => {
    const cause = new DatabaseUnavailableError(new Error('connection refused'));
    const outcome = await query(() => Promise.reject(cause))();
    expect(outcome).to.deep.equal(E.left({ _tag: 'Unavailable', cause }));
  });

  it('turns a read that throws before it even starts into an infrastructure error too', async () => {
    const cause = new Error('no statement');
    const outcome = await query((): Promise<number> => {
      throw cause;
    })();
    expect(outcome).to.deep.equal(E.left({ _tag: 'Unexpected', cause }));
  });
});
