import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';
import { freePort } from '../support/free-port.js';

const run = promisify(execFile);

/** A Dockerfile's instructions, continuation lines joined, by stage. */
const stagesOf = (text: string): string[][] => {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages: string[][] = [];
  for (const instruction of instructions)
    if (instruction.startsWith('FROM ')) stages.push([]);
    else stages[stages.length - 1]?.push(instruction);
  return stages;
};

/** `ENV A=1 B=2` as pairs. */
const envOf = (instructions: readonly string[]): Record<string, string> =>
  Object.fromEntries(
    instructions
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => line.slice(4).trim().split(/\s+/))
      .map((pair) => pair.split('=') as [string, string]),
  );

/**
 * Issue 58, item 1: the image's server could not start, because pruning to production dependencies
 * removed its packages (optional peers of the library). With no Docker daemon here, this runs the
 * Dockerfile's own steps in clean folders: the build stage's `RUN`s on a copy of the checkout, the
 * run stage's `COPY --from=build` into another folder, and its `CMD` with its `ENV`. The server must
 * start there and answer.
 */
describe('the container image, built by the Dockerfile’s steps in clean folders', function () {
  this.timeout(600_000);
  let work: string;
  let server: ChildProcess | undefined;

  before(() => {
    work = mkdtempSync(join(tmpdir(), 'workspace-image-'));
  });
  after(() => {
    server?.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('builds with the build stage’s commands and starts with the run stage’s, answering health and a keyed route', async () => {
    const [build = [], image = []] = stagesOf(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    const app = join(work, 'build');
    const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT });
    for (const file of stdout.split('\0').filter((name) => name !== '')) {
      mkdirSync(dirname(join(app, file)), { recursive: true });
      cpSync(join(ROOT, file), join(app, file));
    }
    // The image's Node is the project's: the Node running this spec leads the PATH.
    const env = { ...process.env, PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH}` };
    const commands = build.filter((line) => line.startsWith('RUN ')).map((line) => line.slice(4));
    expect(commands.join(' ')).to.include('npm ci');
    for (const command of commands)
      await run('bash', ['-c', command], { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });

    const runtime = join(work, 'run');
    const copied = image
      .filter((line) => line.startsWith('COPY --from=build '))
      .map((line) => line.split(/\s+/)[2]?.replace(/^\/app\/?/, '') ?? '');
    expect(copied).to.include.members(['node_modules', 'dist']);
    for (const path of copied) cpSync(join(app, path), join(runtime, path), { recursive: true });
    const cmd: string[] = JSON.parse(image.find((line) => line.startsWith('CMD '))?.slice(4) ?? '[]');
    expect(cmd[0]).to.equal('node');
    mkdirSync(join(runtime, 'data'));
    const port = await freePort();
    server = spawn(process.execPath, cmd.slice(1), {
      cwd: runtime,
      env: {
        ...envOf(image),
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: `sqlite:${join(runtime, 'data', 'workspace.db')}`,
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    let health: Response | undefined;
    for (let tries = 0; tries < 100 && health?.status !== 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      health = await fetch(`${base}/v1/health`).catch(() => undefined);
    }
    expect(health?.status).to.equal(200);
    // A keyed route loads the rest of the edge (rate limit, compression), and the database's driver.
    expect((await fetch(`${base}/v1/tasks`)).status).to.equal(401);
    expect((await fetch(`${base}/v1/openapi.json`)).status).to.equal(200);
  });
});
