import { expect } from 'chai';
import type * as t from 'io-ts';
import { taskWire } from '../../adapters/http/wire/task.wire.js';
import type { Persistence } from '../../adapters/persistence/persistence.js';
import { updateTaskInput } from '../../application/tasks/task.codecs.js';
import { type HttpWorld, openHttpWorld } from '../support/http-world.js';
import { right } from '../support/world.js';

/** Counts the calls of an object's own method while `counting` is on; `restore` puts it back. */
const countCalls = <O extends object, K extends keyof O>(target: O, method: K) => {
  const original = target[method];
  const counter = { calls: 0, counting: false, restore: () => Object.assign(target, { [method]: original }) };
  if (typeof original !== 'function') throw new Error(`${String(method)} is not a method`);
  Object.assign(target, {
    [method]: (...args: unknown[]) => {
      if (counter.counting) counter.calls += 1;
      return original.apply(target, args);
    },
  });
  return counter;
};

/**
 * Issue 59, item 6, by behaviour: over one `PATCH /v1/tasks/:id {"status": 2}` the key is looked up
 * once (a counting key store) and the body decoded once (the wire's codec checks it; the
 * application's codec, which the use case would decode with, is not run again).
 */
describe('the path of one PATCH of a task status', function () {
  this.timeout(30_000);
  let world: HttpWorld;
  let keyLookups: { calls: number; counting: boolean; restore: () => void };
  const decodes: { calls: number; counting: boolean; restore: () => void }[] = [];

  before(async () => {
    world = await openHttpWorld((persistence: Persistence) => {
      keyLookups = countCalls(persistence.apiKeyStore, 'findByDigest');
      return persistence;
    });
    decodes.push(
      countCalls(taskWire.update.codec as t.Mixed, 'validate'),
      countCalls(updateTaskInput as t.Mixed, 'validate'),
    );
  });

  after(async () => {
    for (const counter of [keyLookups, ...decodes]) counter.restore();
    await world.close();
  });

  it('reads the key once and decodes the body once, and changes the status', async () => {
    const alice = await world.user('alice');
    const key = await world.key('alice', 'tasks:write');
    const task = await right(alice.tasks.create({ title: 'walk' }));
    for (const counter of [keyLookups, ...decodes]) counter.counting = true;
    const response = await world.call(key, {
      method: 'PATCH',
      url: `/v1/tasks/${task.id}`,
      payload: { status: 2 },
    });
    for (const counter of [keyLookups, ...decodes]) counter.counting = false;
    expect(response.statusCode).to.equal(200);
    expect(response.json().gamification?.event).to.equal('task_completed');
    expect(keyLookups.calls, 'key lookups').to.equal(1);
    expect(
      decodes.map((counter) => counter.calls),
      'object decodes: the wire’s, the application’s',
    ).to.deep.equal([1, 0]);
  });
});
