import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { createApiKeyInput } from '../../application/api-keys/create-api-key.use-case.js';
import { createMoneyInput } from '../../application/records/kinds/money.kind.js';
import { failWith } from '../../application/shared/codecs.js';
import { decodeWith } from '../../application/shared/decode.js';
import { problem } from '../../application/shared/validation-detail.js';
import { createTaskInput } from '../../application/tasks/task.codecs.js';

/** Issue 59, item 2: the codecs are io-ts types as io-ts means them. */
describe('application codecs as io-ts types', () => {
  it('answers true from `is` for a decoded value, and false for input that is not one', () => {
    const decoded = createTaskInput.decode({ title: '  Plan the launch ', priority: 2, date: '2026-12-01' });
    if (E.isLeft(decoded)) throw new Error('a valid task input failed');
    expect(createTaskInput.is(decoded.right), 'its own decoded value').to.equal(true);
    // Input, not a decoded value: the title is trimmed once decoded, the priority out of range.
    expect(createTaskInput.is({ title: '  Plan the launch ' })).to.equal(false);
    expect(createTaskInput.is({ title: 'Plan', priority: 9 })).to.equal(false);
    expect(createTaskInput.is({ priority: 2 }), 'without its required title').to.equal(false);
    expect(createTaskInput.is({ title: 'Plan', colour: 'red' }), 'with a key it does not have').to.equal(
      false,
    );
    expect(createTaskInput.is('Plan')).to.equal(false);
  });

  it('answers true from `is` for decoded money, dates and scopes', () => {
    const money = createMoneyInput.decode({ type: 1, price: 12.5, date: '2026-11-02' });
    if (E.isLeft(money)) throw new Error('a valid money input failed');
    expect(createMoneyInput.is(money.right)).to.equal(true);
    const key = createApiKeyInput.decode({ userId: 1, scopes: ['tasks:read'] });
    if (E.isLeft(key)) throw new Error('a valid key input failed');
    expect(createApiKeyInput.is(key.right)).to.equal(true);
    expect(createApiKeyInput.is({ userId: 1, scopes: ['tasks:fly'] })).to.equal(false);
  });

  it('carries the detail code beside a plain message, and the envelope’s details read it from there', () => {
    const failed = failWith(
      'x',
      [{ key: '', type: createTaskInput, actual: 'x' }],
      problem('TOO_LONG', 'is long'),
    );
    if (E.isRight(failed)) throw new Error('failWith answered a success');
    expect(failed.left[0]?.message).to.equal('is long');
    const answer = decodeWith(createTaskInput)({ title: '', priority: 'high' });
    if (E.isRight(answer)) throw new Error('an invalid task input was accepted');
    expect(answer.left.details).to.deep.include({
      field: 'priority',
      code: 'INVALID_TYPE',
      message: 'must be an integer',
    });
    expect(answer.left.details.map((detail) => detail.field)).to.include('title');
  });
});
