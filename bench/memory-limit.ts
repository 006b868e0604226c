/**
 * Every server the bench starts runs as in a container given 1 GiB of memory: in a memory cgroup of
 * its own with that limit. Node sizes V8's heap from the memory its cgroup allows, as it does in a
 * container started with a memory limit; with no limit it sizes the heap from the whole host's memory
 * (on a host of 24 GB the young generation alone grows to 128 MB under load), and a resident-memory
 * figure then describes the host more than the service. The service and the ceiling get the same
 * limit, so their throughput is compared under the same heap sizing. Where no cgroup can be made
 * (not Linux, not root, no memory controller), servers run without one and the report says so.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MEMORY_LIMIT_MIB = 1024;

const PREFIX = 'workspace-bench-';

interface Hierarchy {
  /** The folder new groups are made in. */
  readonly root: string;
  /** The file of a group that takes its limit in bytes. */
  readonly limitFile: string;
}

/** The memory controller's hierarchy this process may make groups in, if any. */
const hierarchy = (): Hierarchy | undefined => {
  const unified = '/sys/fs/cgroup';
  try {
    // cgroup v2: one tree; a group made at its root is limited only if the root hands down `memory`.
    if (existsSync(join(unified, 'cgroup.controllers')))
      return readFileSync(join(unified, 'cgroup.subtree_control'), 'utf8').split(/\s+/).includes('memory')
        ? { root: unified, limitFile: 'memory.max' }
        : undefined;
    // cgroup v1: the memory controller's own tree.
    const v1 = join(unified, 'memory');
    return existsSync(join(v1, 'memory.limit_in_bytes'))
      ? { root: v1, limitFile: 'memory.limit_in_bytes' }
      : undefined;
  } catch {
    return undefined;
  }
};

const found = process.platform === 'linux' ? hierarchy() : undefined;

/** Groups left by an earlier bench that was killed: a group goes only once empty, so live ones stay. */
const sweep = (root: string) => {
  for (const name of readdirSync(root).filter((entry) => entry.startsWith(PREFIX)))
    try {
      rmdirSync(join(root, name));
    } catch {
      // Still holding a process, or not ours to remove.
    }
};

let made = 0;
let swept = false;
/** Whether some server had to run without a limit. */
let unlimited = found === undefined;

export interface Limited {
  /** A command prefix: it moves itself into the group, then becomes the command that follows it. */
  readonly launcher: readonly string[];
  /** Removes the group once its process has exited. */
  release(): void;
}

/** A new group limited to MEMORY_LIMIT_MIB for one process, or undefined where none can be made. */
export const memoryLimited = (): Limited | undefined => {
  if (found === undefined) return undefined;
  if (!swept) {
    swept = true;
    sweep(found.root);
  }
  const group = join(found.root, `${PREFIX}${process.pid}-${++made}`);
  try {
    mkdirSync(group);
    writeFileSync(join(group, found.limitFile), String(MEMORY_LIMIT_MIB * 2 ** 20));
  } catch {
    unlimited = true;
    return undefined;
  }
  return {
    // The shell keeps its pid through `exec`, so the bench's RSS and CPU readings follow the server;
    // Node reads the limit as it starts, after the move.
    launcher: ['/bin/sh', '-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', group],
    release: () => {
      try {
        rmdirSync(group);
      } catch {
        // The next bench's sweep removes it.
      }
    },
  };
};

/** How the servers were run, for the report's header (once they have been started). */
export const memoryLimitNote = (): string =>
  unlimited
    ? 'servers without a memory limit (no memory cgroup could be made here)'
    : `each server in a memory cgroup of ${MEMORY_LIMIT_MIB / 1024} GiB, as a container with that limit`;
