import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { postgresServer } from '../support/persistence-harness.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

const databases = [
  { name: 'SQLite', url: async (directory: string) => `sqlite:${join(directory, 'workspace.db')}` },
  {
    name: 'PostgreSQL',
    url: async () => (await postgresServer()).createDatabase(`workspace_e2e_${process.pid}`),
  },
];

for (const database of databases) {
  describe(`end to end: the real server process and the real CLI on ${database.name}`, function () {
    this.timeout(90_000);
    let directory: string;
    let env: NodeJS.ProcessEnv;
    let server: ServerProcess | undefined;

    before(async () => {
      directory = mkdtempSync(join(tmpdir(), 'workspace-e2e-'));
      env = { DATABASE_URL: await database.url(directory) };
    });

    after(async () => {
      if (server?.child.exitCode === null) await server.stop();
      rmSync(directory, { recursive: true, force: true });
    });

    it('creates a user and a key with the CLI, serves the task lifecycle, and stops cleanly on SIGTERM', async () => {
      const user = JSON.parse(
        await cli(env, 'users', 'create', 'alice', '--timezone', 'Europe/Kyiv', '--json'),
      );
      expect(user).to.deep.equal({ id: 1, name: 'alice', timezone: 'Europe/Kyiv' });
      const created = JSON.parse(
        await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
      );
      expect(created).to.include({ id: 1, user_id: 1, scopes: 'tasks:*', expires_at: null });
      expect(created.key).to.match(/^wsk_live_[0-9A-Za-z]{32,}$/);

      server = await startServer(env);
      const headers = { authorization: `Bearer ${created.key}`, 'content-type': 'application/json' };
      const post = await fetch(`${server.baseUrl}/v1/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ title: 'From the outside', priority: 1 }),
      });
      expect(post.status).to.equal(201);
      const { task } = ((await post.json()) as { data: { task: { id: number } } }).data;
      const done = await fetch(`${server.baseUrl}/v1/tasks/${task.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ status: 2 }),
      });
      expect(((await done.json()) as { gamification: object }).gamification).to.include({
        event: 'task_completed',
        points_awarded: 32,
      });

      const listed = JSON.parse(await cli(env, 'keys', 'list', '--user', 'alice', '--json'));
      expect(listed).to.have.length(1);
      expect(listed[0].last_used_at).to.be.a('string');

      await cli(env, 'keys', 'revoke', String(created.id));
      const refused = await fetch(`${server.baseUrl}/v1/tasks`, { headers });
      expect(refused.status).to.equal(401);

      expect(await server.stop()).to.equal(0);
    });
  });
}
