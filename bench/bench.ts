/**
 * `npm run bench`: the service against two ceilings in the same run, on SQLite and PostgreSQL.
 *
 *   npm run bench                                  10k tasks and 100k time records for the measured
 *                                                  owner, 4 others with 10k tasks
 *   npm run bench -- --db sqlite --seconds 10      one database, longer runs
 *   npm run bench -- --scale                       owners with 1k, 10k and 100k tasks in 1M: p99 growth
 *   npm run bench -- --only search,create          the scenarios whose name contains "search" or
 *                                                  "create"; a partial run prints, and keeps the
 *                                                  recorded results as they are
 *   npm run bench -- --only search --keep          …and leave the seeded databases behind
 *
 * Per database: seed (the owner and key through the CLI, the bulk through SQL), start the compiled
 * service as its own process beside the hand-written SQL ceiling and the static ceiling
 * (`ceiling-server.ts`), and drive each scenario with autocannon from this process at the three in
 * turn, for several rounds; the figures are medians, the ratios the median of each round's.
 * Prints a table per database and writes `bench/results.json` and `bench/RESULTS.md`.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { ROOT } from '../test/support/build.js';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';
import { cli } from '../test/support/processes.js';
import { type BatchFigures, batchTable, runBatchBench } from './batch-throughput.js';
import { type Db, type Dialect, openDb } from './ceiling/driver.js';
import { FEED_MARKER, type FeedFigures, feedBlock, feedSection, runFeedBench } from './change-feed.js';
import { portabilityBlock, runPortabilityBench } from './export-import.js';
import { type LoadOptions, type Measured, measure, medianRatio, summarise } from './load.js';
import { type McpFigures, mcpTable, runMcpLatency } from './mcp-latency.js';
import { memoryLimitNote } from './memory-limit.js';
import { startCeiling, startService } from './processes.js';
import { type ComparedRow, comparedTable, machine, type ScaleRow, scaleTable } from './report.js';
import { type Scenario, scenarios } from './scenarios.js';
import { type SeededOwner, seedHistory, seedOwner } from './seed.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgresql' },
    tasks: { type: 'string', default: '10000' },
    /** The measured owner's time records (the times report adds them up). */
    times: { type: 'string', default: '100000' },
    others: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '3' },
    /** Rounds per scenario, each driving the service, the SQL ceiling and the static one in turn. */
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    scale: { type: 'boolean', default: false },
    /** Leave the seeded databases (and the folder they are in) behind, to look at their plans. */
    keep: { type: 'boolean', default: false },
    /** Only the scenarios whose name contains one of these, comma-separated. */
    only: { type: 'string', default: '' },
  },
});
const wanted = String(args.only)
  .split(',')
  .filter((part) => part !== '');
const selected = (scenario: Scenario) =>
  wanted.length === 0 || wanted.some((part) => scenario.name.includes(part));
/** The change feed's figures (`change-feed.ts`) are measured too, unless `--only` leaves them out. */
const feedWanted = wanted.length === 0 || wanted.some((part) => 'change feed'.includes(part));
const portabilityWanted = wanted.length === 0 || wanted.some((part) => 'export and import'.includes(part));
/** So are a batch's (`batch-throughput.ts`) and an MCP tool call's (`mcp-latency.ts`). */
const batchWanted = wanted.length === 0 || wanted.some((part) => 'batch'.includes(part));
const mcpWanted = wanted.length === 0 || wanted.some((part) => 'mcp'.includes(part));
const load = (key: string): LoadOptions => ({
  seconds: Number(args.seconds),
  connections: Number(args.connections),
  key,
});
const SCALE_SIZES = [1_000, 10_000, 100_000];
const SCALE_TOTAL = 1_000_000;
const OTHER_OWNER_TASKS = 10_000;

interface Database {
  readonly url: string;
  stop(): Promise<void>;
}

const openDatabase = async (dialect: Dialect, directory: string): Promise<Database> => {
  mkdirSync(directory, { recursive: true });
  if (dialect === 'sqlite')
    return { url: `sqlite:${join(directory, 'bench.db')}`, stop: async () => undefined };
  const server = await startEmbeddedPostgres(join(directory, 'pg'));
  return { url: await server.createDatabase('bench'), stop: () => server.stop() };
};

/** An owner and a key through the service's own CLI (which also applies the migrations). */
const ownerWithKey = async (url: string, name: string) => {
  const env = { DATABASE_URL: url };
  const user = JSON.parse(await cli(env, 'users', 'create', name, '--json'));
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', name, '--scopes', 'tasks:*,clients:*,times:*', '--json'),
  );
  return { userId: Number(user.id), key: String(key) };
};

/** Owners nobody measures, so every query has to find the owner's rows among others'. */
const seedOthers = async (db: Db, count: number, tasksEach: number, assignTo: number) => {
  for (let i = 0; i < count; i += 1) {
    const [user] = await db.transaction((tx) =>
      tx.all('insert into users (name, timezone, created_at) values (?, ?, ?) returning id', [
        `other ${i}`,
        'UTC',
        Date.now(),
      ]),
    );
    const other = await seedOwner(db, Number(user?.id), tasksEach);
    // A few of their tasks are assigned to the measured owner, as lists must include them.
    if (i === 0)
      await db.transaction((tx) =>
        tx.all('update tasks set assignee_id = ? where owner_id = ? and id % 100 = 0', [
          assignTo,
          other.userId,
        ]),
      );
  }
};

/** Dated tasks in the calendar feed the bench reads (CONTRACT §12, issue 60). */
const FEED_TASKS = 1_000;

/**
 * A user of their own with `FEED_TASKS` dated tasks and a feed of them, made through the service:
 * answers the path of the feed's calendar.
 */
const calendarFeedOf = async (baseUrl: string, key: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/v1/calendar-feeds`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench' }),
  });
  if (!response.ok) throw new Error(`calendar feed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { feed: { url: string } } };
  return new URL(data.feed.url).pathname;
};

const finishSeeding = async (db: Db) => {
  await seedHistory(db);
  // PostgreSQL plans from statistics; autovacuum would gather them a little later anyway.
  if (db.dialect === 'postgresql') await db.all('analyze');
};

/** Disjoint slices of the owner's new tasks (status 0), one per status-change run. */
const statusPools = (owner: SeededOwner) => {
  const fresh = Array.from({ length: owner.tasks >> 2 }, (_, k) => owner.firstTaskId + 4 * k);
  const size = Math.max(50, fresh.length >> 3);
  let taken = 0;
  return () => {
    const slice = fresh.slice(taken % fresh.length, (taken % fresh.length) + size);
    taken += size;
    return slice;
  };
};

/** One request drawn from each scenario, the same for every server it is sent to. */
const sampleRequests = (list: readonly Scenario[]) =>
  new Map(
    list.map((scenario) => {
      const base = scenario.request();
      const drawn =
        base.setupRequest && typeof base.setupRequest === 'function' ? base.setupRequest(base, {}) : base;
      return [scenario.name, drawn] as const;
    }),
  );

type Sampled = ReturnType<typeof sampleRequests>;

/** The answer of each sampled request from one server. */
const captureBodies = async (baseUrl: string, key: string, samples: Sampled) => {
  const bodies: Record<string, string> = {};
  for (const [name, request] of samples) {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method ?? 'GET',
      headers: { 'x-api-key': key, ...(request.headers as Record<string, string> | undefined) },
      ...(request.body === undefined ? {} : { body: String(request.body) }),
    });
    bodies[name] = await response.text();
    if (!response.ok) throw new Error(`${name}: ${response.status} ${bodies[name]}`);
  }
  return bodies;
};

/** An answer with its cursor reduced to whether it has one: each server spells its cursors its own way. */
const comparable = (body: string): unknown =>
  body.startsWith('BEGIN:VCALENDAR')
    ? // A calendar is stamped with the time it was written.
      body.replace(/\r\nDTSTAMP:[0-9TZ]+/g, '')
    : JSON.parse(body, (key, value) => (key === 'next_cursor' ? value !== null : value));

/** The fields of an answer, at every depth, without their values (a list's items may differ). */
const fieldsOf = (value: unknown): unknown =>
  Array.isArray(value)
    ? 'list'
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, field]) => [key, fieldsOf(field)]),
        )
      : 'value';

/**
 * The SQL ceiling must answer as the service does, or it would measure less work. Reads: the same
 * answer (both answer the same sampled requests before any write scenario has run, so they read the
 * same rows). Writes change what they write to, so the two cannot answer a write alike, but the
 * ceiling must answer every field the service does (a status change's gamification feedback too).
 */
const ALIKE = {
  answer: comparable,
  fields: (body: string) => fieldsOf(JSON.parse(body)),
} as const;

const expectAlike = (
  alike: keyof typeof ALIKE,
  serviceBodies: Readonly<Record<string, string>>,
  ceilingBodies: Readonly<Record<string, string>>,
) => {
  for (const name of Object.keys(ceilingBodies)) {
    const [ours, theirs] = [serviceBodies[name] ?? '', ceilingBodies[name] ?? ''];
    if (isDeepStrictEqual(ALIKE[alike](ours), ALIKE[alike](theirs))) continue;
    throw new Error(
      `the SQL ceiling's answer to "${name}" differs from the service's (${alike}):\n  service: ${ours.slice(0, 900)}\n  ceiling: ${theirs.slice(0, 900)}`,
    );
  }
};

/**
 * The highest RSS of a service started for `scenario` alone, over the usual rounds: what that load
 * needs, apart from what earlier scenarios (a calendar of 1,000 events, reports over 100,000 records)
 * left in the heap V8 keeps once grown.
 */
const rssOfAlone = async (url: string, scenario: Scenario, key: string): Promise<number> => {
  const service = await startService({ DATABASE_URL: url });
  try {
    const rounds: Measured[] = [];
    for (let round = 0; round < Number(args.rounds); round += 1)
      rounds.push(await measure(service.baseUrl, scenario, load(key), service.child.pid));
    return summarise(rounds).peakRssMb ?? 0;
  } finally {
    await service.stop();
  }
};

const compare = async (dialect: Dialect, directory: string) => {
  const database = await openDatabase(dialect, directory);
  const { userId, key } = await ownerWithKey(database.url, 'bench');
  const db = openDb(database.url);
  try {
    const tasks = Number(args.tasks);
    const owner = await seedOwner(db, userId, tasks, Number(args.times));
    await seedOthers(db, Number(args.others), tasks, userId);
    const calendarOwner = await ownerWithKey(database.url, 'calendar');
    await seedOwner(db, calendarOwner.userId, FEED_TASKS, 0);
    await finishSeeding(db);

    const service = await startService({ DATABASE_URL: database.url });
    const calendarPath = await calendarFeedOf(service.baseUrl, calendarOwner.key);
    const list = scenarios(owner, statusPools(owner), calendarPath).filter(selected);
    const ceiling = await startCeiling(['--mode', 'sql', '--url', database.url]);
    const reads = sampleRequests(list.filter((scenario) => scenario.kind === 'read'));
    const bodies = await captureBodies(service.baseUrl, key, reads);
    expectAlike('answer', bodies, await captureBodies(ceiling.baseUrl, key, reads));
    const writes = list.filter((scenario) => scenario.kind === 'write');
    Object.assign(bodies, await captureBodies(service.baseUrl, key, sampleRequests(writes)));
    // Each draws its own write (a second status change of the same task would change nothing).
    expectAlike('fields', bodies, await captureBodies(ceiling.baseUrl, key, sampleRequests(writes)));
    // A mixed run's one draw goes to both (a read or a write, as it falls: its fields are compared).
    const mixed = sampleRequests(list.filter((scenario) => scenario.kind === 'mixed'));
    Object.assign(bodies, await captureBodies(service.baseUrl, key, mixed));
    expectAlike('fields', bodies, await captureBodies(ceiling.baseUrl, key, mixed));
    const bodiesFile = join(directory, 'bodies.json');
    writeFileSync(bodiesFile, JSON.stringify(bodies));
    const staticServer = await startCeiling(['--mode', 'static', '--bodies', bodiesFile]);
    const rows: ComparedRow[] = [];
    let mcp: McpFigures | undefined;
    try {
      for (const scenario of list) {
        const rounds = { service: [] as Measured[], ceiling: [] as Measured[], static: [] as Measured[] };
        // The three in turn, round after round, so that each is measured beside the others.
        for (let round = 0; round < Number(args.rounds); round += 1) {
          rounds.service.push(await measure(service.baseUrl, scenario, load(key), service.child.pid));
          rounds.ceiling.push(await measure(ceiling.baseUrl, scenario, load(key), ceiling.child.pid));
          rounds.static.push(await measure(staticServer.baseUrl, scenario, load(key)));
        }
        rows.push({
          scenario: scenario.name,
          kind: scenario.kind,
          service: summarise(rounds.service),
          ceiling: summarise(rounds.ceiling),
          static: summarise(rounds.static),
          ofCeiling: medianRatio(rounds.service, rounds.ceiling),
          ofStatic: medianRatio(rounds.service, rounds.static),
        });
      }
      if (mcpWanted) mcp = await runMcpLatency(service.baseUrl, key, tasks, Number(args.seconds));
    } finally {
      await Promise.all([service.stop(), ceiling.stop(), staticServer.stop()]);
    }
    const mixedScenario = list.find((scenario) => scenario.kind === 'mixed');
    const mixedAloneRssMb =
      mixedScenario === undefined ? undefined : await rssOfAlone(database.url, mixedScenario, key);
    // On the same database, for a user of its own, with a service started for it.
    const feed: FeedFigures | undefined = feedWanted ? await runFeedBench(dialect, database.url) : undefined;
    const batch: BatchFigures | undefined = batchWanted
      ? await runBatchBench(database.url, {
          seconds: Number(args.seconds),
          connections: Number(args.connections),
        })
      : undefined;
    return { dialect, tasks, startMs: service.startMs, rows, mixedAloneRssMb, feed, batch, mcp };
  } finally {
    await db.close();
    await database.stop();
  }
};

const scale = async (dialect: Dialect, directory: string) => {
  const database = await openDatabase(dialect, directory);
  const db = openDb(database.url);
  try {
    const owners: { owner: SeededOwner; key: string }[] = [];
    for (const size of SCALE_SIZES) {
      const { userId, key } = await ownerWithKey(database.url, `owner of ${size}`);
      owners.push({ owner: await seedOwner(db, userId, size), key });
    }
    const seeded = SCALE_SIZES.reduce((sum, n) => sum + n, 0);
    await seedOthers(
      db,
      Math.ceil((SCALE_TOTAL - seeded) / OTHER_OWNER_TASKS),
      OTHER_OWNER_TASKS,
      owners[0]?.owner.userId ?? 0,
    );
    await finishSeeding(db);
    const service = await startService({ DATABASE_URL: database.url });
    // The hand-written SQL beside it: whether a growth is the service's, or the answer's own.
    const ceiling = await startCeiling(['--mode', 'sql', '--url', database.url]);
    const rows = new Map<
      string,
      { scenario: string; byTasks: Record<number, Measured>; ceilingByTasks: Record<number, Measured> }
    >();
    try {
      for (const { owner, key } of owners) {
        const scaling = scenarios(owner, statusPools(owner)).filter((s) => s.scales && selected(s));
        for (const scenario of scaling) {
          const row = rows.get(scenario.name) ?? { scenario: scenario.name, byTasks: {}, ceilingByTasks: {} };
          row.byTasks[owner.tasks] = await measure(service.baseUrl, scenario, load(key), service.child.pid);
          row.ceilingByTasks[owner.tasks] = await measure(
            ceiling.baseUrl,
            scenario,
            load(key),
            ceiling.child.pid,
          );
          rows.set(scenario.name, row);
        }
      }
    } finally {
      await Promise.all([service.stop(), ceiling.stop()]);
    }
    const scaleRows: ScaleRow[] = [...rows.values()];
    return { dialect, total: SCALE_TOTAL, rows: scaleRows };
  } finally {
    await db.close();
    await database.stop();
  }
};

const DATABASE_NAMES: Record<Dialect, string> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };
const given = process.argv.slice(2).join(' ');
const command = given === '' ? 'npm run bench' : `npm run bench -- ${given}`;
const directory = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
try {
  const dialects = String(args.db).split(',') as Dialect[];
  const header = [
    `${new Date().toISOString().slice(0, 10)} · ${machine().cores} × ${machine().cpu} · Node ${machine().node}`,
    `\`${command}\` · ${args.connections} connections · ${
      args.scale
        ? `${args.seconds} s per scenario, owner and server (the service, then the ceiling) after a 1 s warm-up`
        : `per scenario, ${args.rounds} rounds of ${args.seconds} s at each server in turn, after a 1 s warm-up each`
    }`,
  ];
  const sections: string[] = [];
  const feedSections: string[] = [];
  const json: object[] = [];
  for (const dialect of dialects) {
    const name = DATABASE_NAMES[dialect];
    if (args.scale) {
      const result = await scale(dialect, join(directory, dialect));
      sections.push(
        `## ${name}: owners with ${SCALE_SIZES.join(', ')} tasks in ${result.total} tasks\n\n${scaleTable(result.rows, SCALE_SIZES)}`,
      );
      json.push(result);
    } else {
      const result = await compare(dialect, join(directory, dialect));
      sections.push(
        `## ${name}: ${result.tasks} tasks for the owner, ${args.others} other owners alike; started in ${result.startMs.toFixed(0)} ms\n\n${comparedTable(result.rows)}${result.mixedAloneRssMb === undefined ? '' : `\n\nThe mixed load alone, on a service started for it: highest RSS ${result.mixedAloneRssMb.toFixed(0)} MB.`}${result.batch === undefined ? '' : `\n\n${batchTable(result.batch)}`}${result.mcp === undefined ? '' : `\n\n${mcpTable(result.mcp)}`}`,
      );
      json.push(result);
      if (result.feed !== undefined) {
        feedSections.push(feedSection(name, result.feed));
        console.log(`\n${feedSections.at(-1)}`);
      }
    }
    console.log(`\n${sections[sections.length - 1]}`);
  }
  // The export and import of 100,000 tasks and 100,000 time records (issue 60), on a load of its own.
  let exportImport = '';
  if (!args.scale && portabilityWanted) {
    const folder = join(directory, 'portability');
    mkdirSync(folder, { mode: 0o755 });
    const figures = await runPortabilityBench(dialects, folder, { tasks: 100_000, times: 100_000 });
    exportImport = `\n${portabilityBlock(command, figures)}`;
    console.log(exportImport);
  }
  const suffix = args.scale ? '-scale' : '';
  // A partial run is for looking at one thing; the recorded results stay whole.
  if (wanted.length === 0) {
    writeFileSync(
      join(ROOT, 'bench', `results${suffix}.json`),
      `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), command, results: json }, null, 2)}\n`,
    );
    const resultsFile = join(ROOT, 'bench', `RESULTS${suffix}.md`);
    // The change feed's section is `npm run bench:feed`'s: kept as it is.
    const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
    const feed =
      feedSections.length > 0
        ? `\n${feedBlock(command, feedSections)}`
        : previous.includes(FEED_MARKER)
          ? `\n${previous.slice(previous.indexOf(FEED_MARKER))}`
          : '';
    writeFileSync(
      resultsFile,
      `# Benchmark results${args.scale ? ': scale' : ''}\n\n${[...header, memoryLimitNote()].join('  \n')}\n\n` +
        '**Requests vary**: every scenario draws a new request each time (random ids, offsets, filters, ' +
        'words, record types; a cursor walk follows its own next_cursor), so no answer can be served from ' +
        'one kept before, and neither the service nor the ceiling keeps any.\n\n' +
        'Service: the compiled server. Ceiling: fastify and the bare driver (`bench/ceiling/`, no code ' +
        'shared with the service) running the SQL written by hand for the same answers on the same schema, ' +
        'with the key lookup, the list’s change sequence and the envelope, and a status change’s points and ' +
        'gamification feedback; the bench checks that it answers each read as the service does, and each ' +
        'write with the same fields. Static: fastify sending the service’s own answer for the scenario. ' +
        'Figures are medians over the rounds; a ratio is the median of the service’s requests per second ' +
        'over the other’s in the same round, so that neighbours in time are compared on a machine whose ' +
        'speed drifts. p50 and p99: of every 2xx answer’s latency as measured, in fractions of a ' +
        'millisecond. CPU µs/req: the CPU time each process used over the requests it answered in the ' +
        'round (median of the rounds): steadier than requests per second here, and on PostgreSQL the ' +
        'database server’s share is not in it. RSS MB: the service’s highest resident memory during the ' +
        'scenario; one service process answers every scenario of a database in turn, so it carries what ' +
        'the scenarios before it left; the mixed load is also measured alone, on a service started for it.' +
        (args.scale
          ? ' Scale: each owner’s scenario runs at the service, then at the ceiling; each cell reads ' +
            '`service / ceiling`, and the last column is how much each one’s p99 grew from the smallest ' +
            'owner to the largest.'
          : '') +
        '\n\n' +
        `${sections.join('\n\n')}\n${exportImport}${feed}`,
    );
  }
} finally {
  if (args.keep) console.log(`\nseeded databases kept in ${directory}`);
  else rmSync(directory, { recursive: true, force: true });
}
