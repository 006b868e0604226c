import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import pg from 'pg';
import type { Workspace } from '../../bootstrap/index.js';
import { openWorkspace } from '../../bootstrap/workspace.js';
import { type OwnPostgres, startOwnPostgres } from '../support/embedded-postgres.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

/** The statement bound these specs give the workspace and the server: 1 s, to keep them short. */
const STATEMENT_TIMEOUT_MS = 1_000;
/** The bound plus the client's grace (500 ms) and a margin for a loaded machine. */
const ANSWER_BOUND_MS = STATEMENT_TIMEOUT_MS + 1_200;
/**
 * A call that needs a new connection (the pool drops one that timed out) first waits for it up to the
 * pool's connect timeout, 5 s (RELIABILITY.md), then for its statements.
 */
const NEW_CONNECTION_BOUND_MS = 5_000 + ANSWER_BOUND_MS;
/** Health says unavailable within 2 s, whatever the statement bound; a margin as above. */
const HEALTH_BOUND_MS = 2_700;

/** What the specs read of an answer's envelope. */
interface Answer {
  readonly success: boolean;
  readonly error?: { readonly code: string };
  readonly data?: { readonly status?: string };
}

const timed = async <A>(work: () => Promise<A>): Promise<{ value: A; ms: number }> => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

/**
 * Issue 32, item 19: a PostgreSQL that hangs (every process stopped with SIGSTOP, connections left
 * open) or a statement that waits on a lock fails a call within the statement bound, as Unavailable
 * (503 over HTTP), and health says unavailable within 2 s; once the database answers again, so does
 * the workspace, without a restart. Its own PostgreSQL server, since this one is frozen.
 */
describe('a PostgreSQL that hangs or a statement that waits: bounded by the statement timeout', function () {
  this.timeout(120_000);
  let postgres: OwnPostgres;
  let url: string;

  before(async () => {
    postgres = await startOwnPostgres('workspace-hung-');
    url = await postgres.createDatabase('workspace_hung');
  });

  after(async () => {
    postgres?.thaw();
    await postgres?.remove();
  });

  describe('the library', () => {
    let workspace: Workspace;
    let userId: number;
    let taskId: number;

    before(async () => {
      workspace = await openWorkspace({ database: url, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
      const user = await workspace.users.create({ name: 'hung' });
      if (user._tag === 'Left') throw new Error('no user');
      userId = user.right.id;
      const task = await workspace.actingAs(userId).tasks.create({ title: 'waits' });
      if (task._tag === 'Left') throw new Error('no task');
      taskId = task.right.id;
    });
    after(() => workspace?.close());

    it('a write waiting on a row lock past the bound is cancelled by the server: Unavailable, and the next call works', async () => {
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('select id from tasks where id = $1 for update', [taskId]);
        const { value, ms } = await timed(() =>
          workspace.actingAs(userId).tasks.update(taskId, { title: 'blocked' }),
        );
        expect(value._tag === 'Left' && value.left._tag).to.equal('Unavailable');
        expect(ms).to.be.within(STATEMENT_TIMEOUT_MS - 100, ANSWER_BOUND_MS);
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
      const after = await workspace.actingAs(userId).tasks.update(taskId, { title: 'free' });
      expect(after._tag === 'Right' && after.right.task.title).to.equal('free');
    });

    it('times each statement, not the transaction: a batch of quick calls may last past the bound', async () => {
      const session = workspace.actingAs(userId);
      const outcome = await session.batch(async (inside) => {
        const first = await inside.tasks.create({ title: 'before the pause' });
        await new Promise((resolve) => setTimeout(resolve, ANSWER_BOUND_MS));
        const second = await inside.tasks.create({ title: 'after the pause' });
        return first._tag === 'Right' && second._tag === 'Right'
          ? E.right(second.right.id)
          : E.left({ first, second });
      });
      expect(outcome._tag, JSON.stringify(outcome)).to.equal('Right');
    });

    it('a frozen server fails a read within the bound and health within 2 s, and all answer again once it thaws', async () => {
      const session = workspace.actingAs(userId);
      // Connections are open and idle in the pool: what follows is sent, and never answered.
      postgres.freeze();
      try {
        const read = await timed(() => session.tasks.get(taskId));
        expect(read.value._tag === 'Left' && read.value.left._tag).to.equal('Unavailable');
        expect(read.ms, 'read (ms)').to.be.below(ANSWER_BOUND_MS);
        const health = await timed(() => workspace.isHealthy());
        expect(health.value).to.equal(false);
        expect(health.ms, 'health (ms)').to.be.below(HEALTH_BOUND_MS);
      } finally {
        postgres.thaw();
      }
      expect(await workspace.isHealthy()).to.equal(true);
      const read = await session.tasks.get(taskId);
      expect(read._tag === 'Right' && read.right.title).to.equal('free');
      const write = await session.tasks.update(taskId, { title: 'after' });
      expect(write._tag).to.equal('Right');
    });
  });

  describe('the server (real process)', () => {
    let server: ServerProcess;
    let key: string;

    before(async () => {
      const env = { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '0', DB_STATEMENT_TIMEOUT_S: '1' };
      await cli(env, 'users', 'create', 'frozen');
      key = JSON.parse(
        await cli(env, 'keys', 'create', '--user', 'frozen', '--scopes', 'tasks:*', '--json'),
      ).key;
      server = await startServer(env);
    });
    after(async () => {
      postgres.thaw();
      await server?.stop();
    });

    const call = (path: string, init: RequestInit = {}) =>
      timed(async () => {
        const response = await fetch(`${server.baseUrl}${path}`, {
          ...init,
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
        });
        return { status: response.status, body: (await response.json()) as Answer };
      });

    it('answers 503 SERVICE_UNAVAILABLE within the bound, health 503 "unavailable" within 2 s, and 200 again once thawed', async () => {
      expect((await call('/v1/tasks')).value.status).to.equal(200);
      postgres.freeze();
      try {
        const list = await call('/v1/tasks');
        expect(list.value.status).to.equal(503);
        expect(list.value.body.success).to.equal(false);
        expect(list.value.body.error?.code).to.equal('SERVICE_UNAVAILABLE');
        expect(list.ms, 'list (ms)').to.be.below(ANSWER_BOUND_MS);
        const create = await call('/v1/tasks', { method: 'POST', body: JSON.stringify({ title: 'x' }) });
        expect(create.value.status).to.equal(503);
        expect(create.ms, 'create (ms)').to.be.below(NEW_CONNECTION_BOUND_MS);
        const health = await call('/v1/health');
        expect(health.value.status).to.equal(503);
        expect(health.value.body.data?.status).to.equal('unavailable');
        expect(health.ms, 'health (ms)').to.be.below(HEALTH_BOUND_MS);
      } finally {
        postgres.thaw();
      }
      expect((await call('/v1/health')).value.status).to.equal(200);
      expect((await call('/v1/tasks')).value.status).to.equal(200);
    });
  });
});
