import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect } from 'chai';
import { ensureBuilt, ROOT } from '../support/build.js';
import type { Called } from '../support/mcp-client.js';
import { cli, runToEnd } from '../support/processes.js';

const run = promisify(execFile);
const CLI = join(ROOT, 'dist', 'bootstrap', 'cli.js');
/** What the README's recipe runs (`npm run mcp:inspect`): the official inspector's CLI on this clone. */
const INSPECT = join(ROOT, 'tools', 'mcp-inspect.mjs');

describe('workspace-api mcp: the MCP server over stdio, as an agent’s client starts it (SQLite)', function () {
  this.timeout(120_000);
  let directory: string;
  let env: Record<string, string>;
  let writeKey: string;
  let readKey: string;
  const clients: Client[] = [];

  /** The SDK's own client, starting `workspace-api mcp` with `key` as an agent's configuration would. */
  const connect = async (key: string) => {
    const client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        env: { ...env, WORKSPACE_API_KEY: key },
        cwd: directory,
        stderr: 'pipe',
      }),
    );
    clients.push(client);
    return client;
  };

  before(async () => {
    await ensureBuilt();
    directory = mkdtempSync(join(tmpdir(), 'workspace-mcp-'));
    env = { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${join(directory, 'mcp.db')}` };
    await cli(env, 'users', 'create', 'alice');
    const key = async (scopes: string) =>
      JSON.parse(await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', scopes, '--json'))
        .key as string;
    writeKey = await key('tasks:*,clients:*');
    readKey = await key('tasks:read');
  });

  after(async () => {
    for (const client of clients) await client.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('lists the key’s tools and runs them: a create, a status change with its feedback, bad input per field', async () => {
    const client = await connect(writeKey);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).to.include.members([
      'tasks_create',
      'tasks_change_status',
      'clients_list',
      'sync',
      'batch',
    ]);
    expect(names).not.to.include('projects_create');
    const created = (await client.callTool({
      name: 'tasks_create',
      arguments: { title: 'Over stdio' },
    })) as Called;
    const { id } = created.structuredContent.data.task;
    const moved = (await client.callTool({
      name: 'tasks_change_status',
      arguments: { id, status: 2 },
    })) as Called;
    expect(moved.structuredContent.gamification).to.include({ event: 'task_completed' });
    const bad = (await client.callTool({
      name: 'clients_create',
      arguments: { name: '', email: 'x' },
    })) as Called;
    expect(bad.isError).to.equal(true);
    expect(bad.structuredContent.error.details.map((d: { field: string }) => d.field)).to.include.members([
      'name',
      'email',
    ]);
  });

  it('refuses a tasks:read key a create with INSUFFICIENT_SCOPE', async () => {
    const client = await connect(readKey);
    const refused = (await client.callTool({ name: 'tasks_create', arguments: { title: 'No' } })) as Called;
    expect(refused.isError).to.equal(true);
    expect(refused.structuredContent.error.code).to.equal('INSUFFICIENT_SCOPE');
  });

  it('says what is missing without a key, or with one that is not valid, and exits', async () => {
    const none = await runToEnd('cli.js', ['mcp'], env);
    expect(none.code).to.equal(2);
    expect(none.stderr).to.match(/^WORKSPACE_API_KEY is not set/);
    const revoked = await runToEnd('cli.js', ['mcp'], { ...env, WORKSPACE_API_KEY: 'wsk_live_malformed' });
    expect(revoked.code).to.equal(1);
    expect(revoked.stderr).to.match(/^WORKSPACE_API_KEY is malformed, unknown, revoked or expired/);
    expect(revoked.stdout, 'stdout is the protocol’s alone').to.equal('');
  });

  it('prints its usage on stdout and exits 0 for --help and -h, whatever the environment', async () => {
    for (const flag of ['--help', '-h']) {
      const help = await runToEnd('cli.js', ['mcp', flag], { PATH: env.PATH });
      expect(help.code, help.stderr).to.equal(0);
      expect(help.stdout).to.include('workspace-api mcp').and.include('WORKSPACE_API_KEY');
    }
  });

  it('refuses to start on a SQLite file that does not exist, naming its absolute path, and creates none', async () => {
    const missing = join(directory, 'elsewhere', 'typo.db');
    const refused = await runToEnd('cli.js', ['mcp'], {
      ...env,
      DATABASE_URL: `sqlite:${missing}`,
      WORKSPACE_API_KEY: writeKey,
    });
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.include(missing);
    expect(existsSync(missing)).to.equal(false);
  });

  it('the official MCP inspector CLI, as the README runs it, lists the tools and calls one', async () => {
    const inspect = async (...args: string[]) => {
      const { stdout } = await run(process.execPath, [INSPECT, ...args], {
        cwd: ROOT,
        env: { ...env, WORKSPACE_API_KEY: writeKey },
        timeout: 60_000,
      });
      return JSON.parse(stdout);
    };
    const listed = await inspect('--method', 'tools/list');
    expect(listed.tools.map((tool: { name: string }) => tool.name)).to.include('tasks_list');
    const called = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'tasks_list',
      '--tool-arg',
      'limit=5',
    );
    expect(called.isError ?? false).to.equal(false);
    expect(called.structuredContent.data.pagination.limit).to.equal(5);
    expect(called.content[0].text).to.match(/^\d+ tasks of \d+/);
  });
});
