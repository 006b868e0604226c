import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureBuilt, ROOT } from './build.js';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/**
 * Where spawned entry points run: not the checkout, whose `.env` (a developer's own settings) the
 * server and the CLI would read.
 */
const WORKDIR = tmpdir();
const entry = (script: 'cli.js' | 'main.js') => join(ROOT, 'dist', 'bootstrap', script);

/** Runs the real, compiled CLI (what `npm run cli` runs) with `env`. */
export const cli = async (env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> => {
  await ensureBuilt();
  const { stdout } = await run(process.execPath, [entry('cli.js'), ...args], {
    cwd: WORKDIR,
    env: { ...process.env, ...env },
  });
  return stdout;
};

export interface Ended {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a compiled entry point (`dist/bootstrap/<script>`) to its end and answers how it ended, whatever the code. */
export const runToEnd = async (
  script: 'cli.js' | 'main.js',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<Ended> => {
  await ensureBuilt();
  return run(process.execPath, [entry(script), ...args], {
    cwd: WORKDIR,
    env,
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
};

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Milliseconds from spawning the process to its first healthy answer. */
  readonly startMs: number;
  /** Everything the server wrote to stdout so far (its log). */
  stdout(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerOptions {
  readonly timeoutMs?: number;
  /** How often the health probe is polled while starting (the start time is measured by it). */
  readonly pollMs?: number;
  /** Node options before the script (`--cpu-prof`…). */
  readonly nodeArgs?: readonly string[];
  /** A command that runs the server's command line after its own (the bench's memory cgroup). */
  readonly launcher?: readonly string[];
}

/** Starts the real, compiled server (what `npm start` runs) and waits for its health probe. */
export const startServer = async (
  env: NodeJS.ProcessEnv,
  { timeoutMs = 30_000, pollMs = 100, nodeArgs = [], launcher = [] }: ServerOptions = {},
): Promise<ServerProcess> => {
  await ensureBuilt();
  const port = await freePort();
  const started = performance.now();
  const [command = process.execPath, ...args] = [
    ...launcher,
    process.execPath,
    ...nodeArgs,
    entry('main.js'),
  ];
  const child = spawn(command, args, {
    cwd: WORKDIR,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`);
    const ready = await fetch(`${baseUrl}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      return {
        child,
        baseUrl,
        startMs: performance.now() - started,
        stdout: () => stdout,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${timeoutMs} ms: ${stderr}`);
};
