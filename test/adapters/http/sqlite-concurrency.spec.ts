import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { sqliteHarness } from '../../support/persistence-harness.js';

/**
 * SQLite has one writer at a time: the write connection takes units of work in turn (a queue,
 * each from BEGIN IMMEDIATE to COMMIT), reads use their own WAL connection, and busy_timeout covers
 * other processes.
 * 50 writers at once must all succeed, with nothing lost or half-written.
 */
describe('SQLite under concurrency: 50 writers across tasks, status changes and records', function () {
  this.timeout(60_000);
  let world: HttpWorld;
  let key: string;

  before(async () => {
    world = await openHttpWorld(undefined, await sqliteHarness.open());
    await world.user('alice');
    key = await world.key('alice', 'tasks:*,clients:*,times:*,notes:*');
  });
  after(() => world.close());

  it('answers every request without a 5xx or SQLITE_BUSY, and every write is there', async () => {
    const statuses: number[] = [];
    const bodies: string[] = [];
    let awarded = 0;
    const call = async (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) => {
      const response = await world.call(key, { method, url, ...(payload ? { payload } : {}) });
      statuses.push(response.statusCode);
      bodies.push(response.body);
      return response;
    };
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const client = (await call('POST', '/v1/clients', { name: `Client ${i}` })).json().data.client;
        const task = (await call('POST', '/v1/tasks', { title: `Task ${i}`, client_id: client.id })).json()
          .data.task;
        const done = await call('PATCH', `/v1/tasks/${task.id}`, { status: 2 });
        awarded += done.json().gamification.points_awarded as number;
        await call('POST', '/public-api/v1/times/', { time_really: '0:30:00', task_id: task.id });
        await call('POST', '/v1/notes', { name: `Note ${i}`, task_id: task.id });
        await call('GET', `/v1/tasks?client_id=${client.id}`);
      }),
    );
    expect(statuses.filter((s) => s >= 500)).to.deep.equal([]);
    expect(bodies.some((b) => /SQLITE_BUSY|database is locked/i.test(b))).to.equal(false);
    expect(statuses.length).to.equal(300);

    const tasks = (await world.call(key, { method: 'GET', url: '/v1/tasks?status=2&limit=100' })).json().data;
    expect(tasks.pagination.total).to.equal(50);
    for (const task of tasks.tasks as { id: number; client_task_id: number }[]) {
      expect(task.client_task_id, 'each task first in its own client').to.equal(1);
      const history = (await world.call(key, { method: 'GET', url: `/v1/tasks/${task.id}/history` })).json()
        .data;
      expect(history.pagination.total, `history of task ${task.id}`).to.equal(2);
    }
    const profile = (await world.call(key, { method: 'GET', url: '/v1/gamification' })).json().data.profile;
    expect(profile.total_points, 'points: the sum of every award, none lost to a race').to.equal(awarded);
    expect(awarded).to.be.greaterThan(0);
    const notes = (await world.call(key, { method: 'GET', url: '/v1/notes' })).json().data;
    expect(notes.pagination.total).to.equal(50);
  });
});
