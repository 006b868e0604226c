import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Half the batches edit T1 then T2, half T2 then T1: on PostgreSQL, a recipe for deadlocks. */
const crossedBatches = (first: number, second: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const [a, b] = i % 2 === 0 ? [first, second] : [second, first];
    return {
      operations: [
        { method: 'PATCH', path: `/v1/tasks/${a}`, body: { title: `batch ${i} first` } },
        { method: 'PATCH', path: `/v1/tasks/${b}`, body: { title: `batch ${i} second` } },
      ],
    };
  });

/**
 * A deadlock or serialization failure is a normal race between writers: the transaction is run
 * again, and past its retries it answers 503 with Retry-After, never 500 (issue 57, item 7).
 */
for (const factory of ALL_HARNESSES) {
  describe(`HTTP: concurrent batches that cross (${factory.name})`, function () {
    this.timeout(120_000);
    let world: HttpWorld;
    let key: string;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await factory.open());
      await world.user('alice');
      key = await world.key('alice', 'tasks:*');
    });

    afterEach(() => world.close());

    it('answers each of 16 crossed batches whole, or 503 with Retry-After after its retries: never a 500, never a part', async () => {
      const create = (title: string) =>
        world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title } });
      const t1 = (await create('T1')).json().data.task.id;
      const t2 = (await create('T2')).json().data.task.id;
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all(
          crossedBatches(t1, t2, 16).map((payload) =>
            world.call(key, { method: 'POST', url: '/v1/batch', payload }),
          ),
        );
        const seen = answers.map((answer) =>
          answer.statusCode === 200
            ? answer
                .json()
                .data.results.map((result: { status: number }) => result.status)
                .join('+')
            : `${answer.statusCode}${answer.headers['retry-after'] === undefined ? '' : ' retry'}`,
        );
        expect(
          seen.filter((one) => one !== '200+200' && one !== '503 retry'),
          seen.join(', '),
        ).to.deep.equal([]);
        expect(seen, 'at least one batch went through').to.include('200+200');
      }
    });
  });
}
