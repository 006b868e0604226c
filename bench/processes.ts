import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from '../test/support/build.js';
import { startServer } from '../test/support/processes.js';
import { type Limited, memoryLimited } from './memory-limit.js';

export interface Running {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Milliseconds from spawn to the first healthy answer (the service) or `listening` line (a ceiling). */
  readonly startMs: number;
  stop(): Promise<void>;
}

/** Every process started here dies with the bench, whatever way it ends. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
const adopt = (child: ChildProcess, limited?: Limited) => {
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    limited?.release();
  });
  return child;
};

const stopper = (child: ChildProcess) => () =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * `BENCH_PROFILE=<dir>` writes a V8 CPU profile of the service and of each ceiling there (open them in
 * Chrome's DevTools).
 */
const profiling = () =>
  process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

/** The compiled service (what `npm start` runs), its start timed by a health probe every 10 ms. */
export const startService = async (
  env: NodeJS.ProcessEnv,
): Promise<Running & { readonly errors: () => string }> => {
  const limited = memoryLimited();
  const server = await startServer(
    { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env },
    { pollMs: 10, timeoutMs: 60_000, nodeArgs: profiling(), launcher: limited?.launcher },
  ).catch((error: unknown) => {
    limited?.release();
    throw error;
  });
  adopt(server.child, limited);
  return {
    ...server,
    // The server's error lines (its log is JSON, one line each), to say why a request failed.
    errors: () =>
      server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"level":50'))
        .join('\n'),
    stop: async () => void (await server.stop()),
  };
};

/** A ceiling (`bench/ceiling/server.ts`) in its own process. */
export const startCeiling = (args: readonly string[]): Promise<Running> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const limited = memoryLimited();
    const [command = process.execPath, ...rest] = [
      ...(limited?.launcher ?? []),
      process.execPath,
      ...profiling(),
      '--import',
      'tsx',
      'bench/ceiling/server.ts',
      ...args,
    ];
    const child = adopt(spawn(command, rest, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] }), limited);
    child.once('exit', (code) => reject(new Error(`ceiling exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port !== undefined)
        resolve({
          child,
          baseUrl: `http://127.0.0.1:${port}`,
          startMs: performance.now() - started,
          stop: stopper(child),
        });
    });
  });

/** Clock ticks per second of `/proc/<pid>/stat`'s times (USER_HZ; 100 wherever getconf is missing). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time a process has used so far, user and system, in seconds (Linux): fields 14 and 15 of
 * `/proc/<pid>/stat`, counted after the command name's closing parenthesis (a name may hold spaces).
 */
export const cpuSeconds = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
};

/** The resident set size of a process, in MB (Linux). */
export const rssMb = (pid: number): number => {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
