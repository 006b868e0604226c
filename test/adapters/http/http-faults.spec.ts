import { expect } from 'chai';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { DatabaseUnavailableError } from '../../../application/shared/errors.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

const SECRET = 'select * from secrets -- internal detail';

/** Persistence whose task reads fail the way a broken or unreachable database would. */
const failingReads =
  (failure: () => unknown, healthy: boolean) =>
  (persistence: Persistence): Persistence => ({
    ...persistence,
    health: { isHealthy: async () => healthy },
    taskReadModel: {
      findVisible: async () => {
        throw failure();
      },
      list: async () => {
        throw failure();
      },
      calendar: async () => {
        throw failure();
      },
      history: async () => {
        throw failure();
      },
    },
  });

describe('HTTP: failures never leak internals', () => {
  let world: HttpWorld;

  afterEach(() => world.close());

  it('answers 500 INTERNAL_ERROR with no stack, SQL or message from below', async () => {
    world = await openHttpWorld(failingReads(() => new Error(SECRET), true));
    await world.user('alice');
    const key = await world.key('alice', 'tasks:*');
    const response = await world.call(key, { method: 'GET', url: '/v1/tasks' });
    expect(response.statusCode).to.equal(500);
    expect(response.json()).to.deep.equal({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' },
    });
    expect(response.body).to.not.contain('secrets');
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database does not answer, and the probe says so', async () => {
    world = await openHttpWorld(failingReads(() => new DatabaseUnavailableError(new Error(SECRET)), false));
    await world.user('alice');
    const key = await world.key('alice', 'tasks:*');
    const response = await world.call(key, { method: 'GET', url: '/v1/tasks/1' });
    expect(response.statusCode).to.equal(503);
    expect(response.json().error.code).to.equal('SERVICE_UNAVAILABLE');
    expect(response.body).to.not.contain('secrets');
    const health = await world.call(null, { method: 'GET', url: '/v1/health' });
    expect(health.statusCode).to.equal(503);
    expect(health.json().data).to.deep.equal({
      status: 'unavailable',
      service: 'workspace-api',
      version: 'v1',
    });
  });

  it('a batch with an operation that failed on our side is not kept under its Idempotency-Key: a retry runs again', async () => {
    let failing = true;
    world = await openHttpWorld((persistence) => {
      const broken = failingReads(() => new Error(SECRET), true)(persistence);
      return {
        ...persistence,
        taskReadModel: {
          findVisible: (...args) => (failing ? broken : persistence).taskReadModel.findVisible(...args),
          list: (...args) => (failing ? broken : persistence).taskReadModel.list(...args),
          calendar: (...args) => (failing ? broken : persistence).taskReadModel.calendar(...args),
          history: (...args) => (failing ? broken : persistence).taskReadModel.history(...args),
        },
      };
    });
    await world.user('alice');
    const key = await world.key('alice', 'tasks:*');
    const send = () =>
      world.call(key, {
        method: 'POST',
        url: '/v1/batch',
        headers: { 'idempotency-key': 'retry-after-fault' },
        payload: { atomic: false, operations: [{ method: 'GET', path: '/v1/tasks' }] },
      });
    const first = await send();
    expect(first.statusCode).to.equal(200);
    expect(first.json().data.results[0].status).to.equal(500);
    failing = false;
    const again = await send();
    expect(again.headers['idempotent-replayed']).to.equal(undefined);
    expect(again.json().data.results[0].status).to.equal(200);
  });
});
