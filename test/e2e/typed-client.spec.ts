import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

const run = promisify(execFile);

/** Runs one of the example's npm scripts, as a consumer would, with the server's address and key. */
const npmRun = (cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
  run('npm', ['run', '--silent', ...args], { cwd, env: { ...process.env, ...env } });

/** Whether `tsc` refuses the project, and what it says (the compiler's output names each error). */
const typeCheck = async (cwd: string, env: NodeJS.ProcessEnv) =>
  npmRun(cwd, env, 'check').then(
    () => ({ refused: false, output: '' }),
    (error: { stdout?: string }) => ({ refused: true, output: String(error.stdout) }),
  );

/**
 * Issue 32, item 27: a typed client with no hand-written types. The README's two commands, as a
 * consumer runs them in `examples/typed-client`: openapi-typescript generates the types from the
 * served `/v1/openapi.json`, tsc (5, whose API openapi-typescript needs) checks a small openapi-fetch
 * client against them, and the client runs against the server: a create, a filtered list, a 400.
 */
describe('a typed client generated from the served OpenAPI document (openapi-typescript, openapi-fetch)', function () {
  this.timeout(240_000);
  let directory: string;
  let example: string;
  let server: ServerProcess;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-typed-client-'));
    const database = {
      DATABASE_URL: `sqlite:${join(directory, 'workspace.db')}`,
      RATE_LIMIT_PER_MINUTE: '0',
    };
    await cli(database, 'users', 'create', 'typed');
    const { key } = JSON.parse(
      await cli(database, 'keys', 'create', '--user', 'typed', '--scopes', 'tasks:*', '--json'),
    );
    server = await startServer(database);
    env = { WORKSPACE_API_URL: server.baseUrl, WORKSPACE_API_KEY: key };
    example = join(directory, 'typed-client');
    cpSync(join(ROOT, 'examples', 'typed-client'), example, {
      recursive: true,
      filter: (source) => !/node_modules|workspace-api\.d\.ts/.test(source.slice(ROOT.length)),
    });
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: example });
    await npmRun(example, env, 'types');
  });

  after(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('compiles the client against the generated types, and refuses a call the document does not allow', async () => {
    expect(await typeCheck(example, env)).to.deep.equal({ refused: false, output: '' });
    // The same client with a title that is not a string, and a route that does not exist.
    writeFileSync(
      join(example, 'wrong.ts'),
      [
        "import createClient from 'openapi-fetch';",
        "import type { paths } from './workspace-api.js';",
        "const api = createClient<paths>({ baseUrl: 'http://127.0.0.1' });",
        "await api.POST('/v1/tasks', { body: { title: 42 } });",
        "await api.GET('/v1/no-such-route', {});",
      ].join('\n'),
    );
    const wrong = await typeCheck(example, env);
    rmSync(join(example, 'wrong.ts'));
    expect(wrong.refused).to.equal(true);
    expect(wrong.output).to.match(/wrong\.ts\(4,.*'number' is not assignable to type 'string'/);
    expect(wrong.output).to.match(/wrong\.ts\(5,.*'"\/v1\/no-such-route"' is not assignable/);
  });

  it('runs against the server: creates a task, lists it with filters, and reads a 400 as the contract says', async () => {
    const { stdout } = await npmRun(example, env, 'start');
    const answer = JSON.parse(stdout) as {
      created: { id: number; title: string; priority: number };
      listed: { ids: number[]; total: number };
      refused: { status: number; code: string; fields: string[] };
    };
    expect(answer.created).to.include({ title: 'Write the quarterly report', priority: 2 });
    expect(answer.listed).to.deep.equal({ ids: [answer.created.id], total: 1 });
    expect(answer.refused).to.deep.equal({ status: 400, code: 'TITLE_REQUIRED', fields: ['title'] });
  });
});
