/**
 * Node options and allocator settings the server runs with, wherever it is started (`npm start`, the
 * Dockerfile, the tests and the benchmark; a test holds the first two to this file).
 *
 * `--max-semi-space-size=8` caps V8's young generation at 8 MiB per semi-space. Requests allocate
 * short-lived objects fast, and by default the young generation grows until it holds tens of MiB
 * that are mostly garbage: under a write and list load the process peaked at about 220 MB RSS by
 * default and 175 MB with the cap, at the same requests per second. V8 reads it only at start. A cap
 * of 4 took 9 MB more off on SQLite but doubled the scavenges: on PostgreSQL, whose requests wait
 * longer, more of their objects then outlived two and were promoted, and the old generation grew to
 * 70 MB of garbage between full collections (RSS 150-180 MB under the mixed load against 122-129).
 *
 * `--no-maglev` turns off V8's middle compiler. When a burst of requests makes many functions hot
 * at once (the first second of load), Maglev queues a job for each while its compiler threads share
 * the cores with the requests: 91 jobs were seen alive at once, holding 12 MB of compiler memory
 * (`--trace-zone-stats`; V8's peak of it reached 22 MB in other runs). glibc keeps that high-water
 * mark in its arena for the life of the process (20 MB more in the main arena). Without Maglev,
 * functions go from the baseline code straight to TurboFan, whose queue holds at most 8 jobs
 * (`--concurrent-recompilation-queue-length`). RSS under the benchmark's PostgreSQL scenarios, run
 * in full: 161-167 → 129-140 MB; on SQLite a load's peak went 154 → 137-139 MB. The price is
 * warm-up: in a fresh server's first three seconds of creates a request cost about 1.5 times the
 * CPU (950 against 600-700 µs), as hot code waits longer for TurboFan; from about five seconds on,
 * the same or less. Warm, CPU per request (get, pages, filters, create, status change, five
 * interleaved rounds each) moved by less than this machine's noise, and so did a mixed load of
 * reads and writes (0.98 of the CPU it took with Maglev on SQLite, 0.91 on PostgreSQL, six
 * interleaved rounds). A start took about 50 ms more (430-500 → 490-560 ms).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--no-maglev'] as const;

/**
 * glibc's allocator, which holds the memory of the drivers (SQLite's page caches and statements,
 * PostgreSQL's buffers) and of V8's compilers, tuned by the one variable it reads at start: freed
 * memory goes back to the system past 128 KiB at the top of an arena (`trim_threshold`), blocks of
 * 128 KiB or more are mapped on their own and unmapped when freed (`mmap_threshold`; fixing both also
 * stops glibc raising them after every large block freed, which let freed memory pile up), and two
 * arenas serve all threads (`arena_max`, default 8 per core). RSS under the benchmark's mixed load,
 * at the same throughput: SQLite 140-146 → 137-138 MB run alone, 154 → 146 MB after every other
 * scenario (the full run); PostgreSQL 143 → 129 MB alone, 178 → 167 MB in the full run. Other C
 * libraries (musl) ignore the variable; a `GLIBC_TUNABLES` already set is kept.
 */
export const SERVER_MALLOC_TUNABLES =
  'glibc.malloc.trim_threshold=131072:glibc.malloc.mmap_threshold=131072:glibc.malloc.arena_max=2';

/** The server's environment: `env`, with the allocator's settings unless it names its own. */
export const serverEnvironment = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? SERVER_MALLOC_TUNABLES,
});
