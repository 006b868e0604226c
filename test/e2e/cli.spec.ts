import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'chai';
import { SQLITE_MIGRATIONS } from '../../adapters/persistence/mikro-orm/migrations/sqlite/index.js';
import { openWorkspace } from '../../bootstrap/workspace.js';
import { SCOPED_RESOURCES } from '../../domain/api-key/scope.js';
import { comparable } from '../support/export-documents.js';
import { postgresServer } from '../support/persistence-harness.js';
import { runToEnd, type ServerProcess, startServer } from '../support/processes.js';

const COMMANDS = [
  'users create',
  'users list',
  'keys create',
  'keys list',
  'keys revoke',
  'keys rotate',
  'webhooks list',
  'webhooks disable',
  'db status',
  'db migrate',
  'db backup',
  'export',
  'import',
];

describe('the CLI, compiled, as an operator meets it', function () {
  this.timeout(90_000);
  let directory: string;
  let databaseUrl: string;
  let env: NodeJS.ProcessEnv;

  const cli = (...args: string[]) => runToEnd('cli.js', args, env);
  const json = async (...args: string[]) => {
    const { code, stdout, stderr } = await cli(...args, '--json');
    expect(code, `${args.join(' ')}: ${stderr}`).to.equal(0);
    return JSON.parse(stdout);
  };

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-cli-'));
    databaseUrl = `sqlite:${join(directory, 'workspace.db')}`;
    env = { ...process.env, DATABASE_URL: databaseUrl };
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  for (const args of [['--help'], ['-h']]) {
    it(`prints every command's usage on stdout and exits 0 for ${args.join(' ')}`, async () => {
      const { code, stdout } = await cli(...args);
      expect(code).to.equal(0);
      for (const command of COMMANDS) expect(stdout).to.include(`workspace-api ${command}`);
    });
  }

  it('prints the usage of one command, or of a group, for --help after it, and exits 0', async () => {
    for (const command of COMMANDS) {
      const { code, stdout } = await cli(...command.split(' '), '--help');
      expect(code, command).to.equal(0);
      expect(stdout).to.include(`workspace-api ${command}`);
      expect(stdout.match(/workspace-api /g)).to.have.length(1);
    }
    const group = await cli('keys', '--help');
    expect(group.code).to.equal(0);
    expect(group.stdout).to.include('keys rotate').and.include('keys revoke').and.not.include('users create');
  });

  it('exits 2 with the usage on stderr for no command, an unknown one, or an unknown option', async () => {
    for (const args of [[], ['users', 'delete'], ['users', 'list', '--colour']]) {
      const { code, stderr } = await cli(...args);
      expect(code, args.join(' ')).to.equal(2);
      expect(stderr).to.match(/Usage:|Unknown option/);
    }
  });

  it('names the valid scopes when one is unknown', async () => {
    expect((await cli('users', 'create', 'alice')).code).to.equal(0);
    const { code, stderr } = await cli('keys', 'create', '--user', 'alice', '--scopes', 'invoices:read');
    expect(code).to.equal(1);
    expect(stderr).to.include('invoices:read').and.include('tasks:read');
  });

  it('takes --scopes "*" as every scope: each resource, webhooks included, read and write', async () => {
    await json('users', 'create', 'alice');
    const created = await json('keys', 'create', '--user', 'alice', '--scopes', '*');
    expect(created.scopes.split(',')).to.deep.equal(SCOPED_RESOURCES.map((resource) => `${resource}:*`));
  });

  it('lists users', async () => {
    await json('users', 'create', 'alice', '--timezone', 'Europe/Kyiv');
    await json('users', 'create', 'bob');
    expect(await json('users', 'list')).to.deep.equal([
      { id: 1, name: 'alice', timezone: 'Europe/Kyiv' },
      { id: 2, name: 'bob', timezone: 'UTC' },
    ]);
  });

  it("exports a user's workspace to a file or to standard output, the document of GET /v1/export", async () => {
    await json('users', 'create', 'ann');
    const workspace = await openWorkspace({ database: databaseUrl, webhooks: { deliver: false } });
    try {
      await workspace.actingAs(1).clients.create({ name: 'Acme' });
    } finally {
      await workspace.close();
    }
    const out = join(directory, 'ann.json');
    const written = await cli('export', '--user', 'ann', '--out', out);
    expect(written.code, written.stderr).to.equal(0);
    const document = JSON.parse(readFileSync(out, 'utf8'));
    expect(document).to.include({ format: 'workspace-api/export', version: 1 });
    expect(document.user).to.deep.equal({ name: 'ann', timezone: 'UTC' });
    expect(document.clients.map((client: { name: string }) => client.name)).to.deep.equal(['Acme']);
    const printed = await cli('export', '--user', 'ann');
    expect({ ...JSON.parse(printed.stdout), exported_at: null }).to.deep.equal({
      ...document,
      exported_at: null,
    });
    const unnamed = await cli('export');
    expect(unnamed.code).to.equal(2);
    expect(unnamed.stderr).to.contain('--user');
  });

  it('moves a workspace from SQLite to PostgreSQL: export, import, and export again gives the same document', async () => {
    await json('users', 'create', 'ann', '--timezone', 'Europe/Kyiv');
    const workspace = await openWorkspace({ database: databaseUrl, webhooks: { deliver: false } });
    try {
      const ann = workspace.actingAs(1);
      const client = await ann.clients.create({ name: 'Acme' });
      if (client._tag === 'Left') throw new Error('no client');
      const task = await ann.tasks.create({ title: 'Invoice', clientId: client.right.id });
      if (task._tag === 'Left') throw new Error('no task');
      await ann.tasks.changeStatus(task.right.id, 2);
      await ann.times.create({ timeReally: 5400, taskId: task.right.id });
    } finally {
      await workspace.close();
    }
    const out = join(directory, 'ann.json');
    expect((await cli('export', '--user', 'ann', '--out', out)).code).to.equal(0);
    const server = await postgresServer();
    const target = await server.createDatabase(`cli_import_${process.pid}`);
    env = { ...env, DATABASE_URL: target };
    await json('users', 'create', 'ann');
    const imported = await json('import', '--user', 'ann', out);
    expect(imported.imported).to.include({ clients: 1, tasks: 1, times: 1 });
    const again = await cli('export', '--user', 'ann');
    const before = JSON.parse(readFileSync(out, 'utf8'));
    expect(comparable(JSON.parse(again.stdout))).to.deep.equal(comparable(before));
    const twice = await cli('import', '--user', 'ann', out);
    expect(twice.code).to.equal(1);
    expect(twice.stderr).to.contain('already has records');
  });

  it("lists every user's webhook subscriptions without secrets, and disables one for its owner", async () => {
    await json('users', 'create', 'alice');
    await json('users', 'create', 'bob');
    const workspace = await openWorkspace({ database: databaseUrl, webhooks: { deliver: false } });
    const secrets: string[] = [];
    try {
      for (const [userId, url] of [
        [1, 'https://93.184.215.14/alice'],
        [2, 'https://93.184.215.14/bob'],
      ] as const) {
        const created = await workspace.actingAs(userId).webhooks.create({ url, events: ['task.created'] });
        if (created._tag === 'Right') secrets.push(created.right.secret);
      }
    } finally {
      await workspace.close();
    }
    expect(secrets).to.have.length(2);
    const all = await json('webhooks', 'list');
    expect(
      all.map((w: { id: number; user_id: number; active: number }) => [w.id, w.user_id, w.active]),
    ).to.deep.equal([
      [1, 1, 1],
      [2, 2, 1],
    ]);
    expect(JSON.stringify(all)).not.to.include('whsec_');
    expect((await json('webhooks', 'list', '--user', 'bob')).map((w: { id: number }) => w.id)).to.deep.equal([
      2,
    ]);

    expect(await json('webhooks', 'disable', '2')).to.include({ id: 2, user_id: 2, active: 0 });
    const text = await cli('webhooks', 'list');
    expect(text.stdout).to.match(/^2\tuser 2\toff\ttask\.created\t/m);
    const missing = await cli('webhooks', 'disable', '99');
    expect([missing.code, missing.stderr]).to.deep.equal([1, 'No webhook subscription 99.\n']);
    expect((await cli('webhooks', 'disable', 'two')).code).to.equal(2);
  });

  it('rotates a key: a new key with the same scopes and expiry, the old one working until the grace period ends', async () => {
    await json('users', 'create', 'alice');
    const old = await json(
      'keys',
      'create',
      '--user',
      'alice',
      '--scopes',
      'tasks:*,notes:read',
      '--expires-in',
      '30d',
    );
    const rotated = await json('keys', 'rotate', String(old.id), '--grace', '1h');
    expect(rotated).to.deep.include({ user_id: old.user_id, scopes: old.scopes, expires_at: old.expires_at });
    expect(rotated.key)
      .to.match(/^wsk_live_/)
      .and.not.equal(old.key);
    const graceEnds = Date.parse(`${rotated.replaced.revoked_at.replace(' ', 'T')}Z`);
    expect(graceEnds - Date.now()).to.be.within(3_500_000, 3_600_000);

    const workspace = await openWorkspace({ database: databaseUrl });
    try {
      expect((await workspace.authenticate(old.key))._tag, 'old key within the grace period').to.equal(
        'Right',
      );
      expect((await workspace.authenticate(rotated.key))._tag).to.equal('Right');
    } finally {
      await workspace.close();
    }
    const [listedOld] = await json('keys', 'list', '--user', 'alice');
    expect(listedOld).to.deep.include({ id: old.id, revoked_at: rotated.replaced.revoked_at });

    const refused = await cli('keys', 'rotate', String(old.id), '--grace', 'soon');
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.include('--grace');
  });

  it('shows migrations as pending, applies them, then shows them applied', async () => {
    const all = SQLITE_MIGRATIONS.map((m) => m.name);
    expect(await json('db', 'status')).to.deep.equal({ applied: [], pending: all });
    expect(await json('db', 'migrate')).to.deep.equal({ applied: all });
    const status = await json('db', 'status');
    expect(status.pending).to.deep.equal([]);
    expect(status.applied.map((m: { name: string }) => m.name)).to.deep.equal(all);
    expect(await json('db', 'migrate')).to.deep.equal({ applied: [] });
  });

  describe('db backup while the server writes', () => {
    let server: ServerProcess | undefined;
    afterEach(async () => {
      if (server?.child.exitCode === null) await server.stop();
    });

    it('copies a consistent database online: integrity ok, row counts as reported, every task with its history', async () => {
      await json('users', 'create', 'alice');
      const { key } = await json('keys', 'create', '--user', 'alice', '--scopes', 'tasks:*');
      server = await startServer(env);
      const running = server;
      let writing = true;
      let created = 0;
      const writer = (async () => {
        while (writing) {
          const response = await fetch(`${running.baseUrl}/v1/tasks`, {
            method: 'POST',
            headers: { 'x-api-key': key, 'content-type': 'application/json' },
            body: JSON.stringify({ title: `Task ${created}` }),
          });
          if (response.status === 201) created += 1;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const file = join(directory, 'backup.db');
      const report = await json('db', 'backup', file);
      writing = false;
      await writer;

      expect(report.file).to.equal(file);
      const copy = new Database(file, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).to.equal('ok');
        for (const [table, rows] of Object.entries(report.rows))
          expect(copy.prepare(`select count(*) from ${table}`).pluck().get(), table).to.equal(rows);
        const tasks = report.rows.tasks as number;
        expect(tasks).to.be.greaterThan(0).and.at.most(created);
        const orphans = copy
          .prepare(
            'select count(*) from tasks t where not exists (select 1 from task_status_history h where h.task_id = t.id)',
          )
          .pluck()
          .get();
        expect(orphans, 'tasks without their history entry').to.equal(0);
      } finally {
        copy.close();
      }

      const again = await cli('db', 'backup', file);
      expect(again.code, 'an existing file is never overwritten').to.equal(1);
      expect(again.stderr).to.include('exists');

      // As the README does: a dated file in a folder that does not exist yet.
      const dated = join(directory, 'backups', '2026-11-23.db');
      expect((await json('db', 'backup', dated)).file).to.equal(dated);
    });
  });

  it('on PostgreSQL: two migrations started at once both succeed (one waits for the other), and backup says to use pg_dump', async () => {
    env = {
      ...process.env,
      DATABASE_URL: await (await postgresServer()).createDatabase(`workspace_cli_${process.pid}`),
    };
    const [first, second] = await Promise.all([
      cli('db', 'migrate', '--json'),
      cli('db', 'migrate', '--json'),
    ]);
    expect([first.code, second.code], `${first.stderr}${second.stderr}`).to.deep.equal([0, 0]);
    const applied = [...JSON.parse(first.stdout).applied, ...JSON.parse(second.stdout).applied];
    const status = await json('db', 'status');
    expect(status.pending).to.deep.equal([]);
    expect(applied, 'each migration applied once, by one of the two').to.deep.equal(
      status.applied.map((m: { name: string }) => m.name),
    );
    const backup = await cli('db', 'backup', join(directory, 'pg.db'));
    expect(backup.code).to.equal(1);
    expect(backup.stderr).to.include('pg_dump');
  });
});
