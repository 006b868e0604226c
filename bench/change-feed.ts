/**
 * The change feed's figures (issue 30), per database, on the compiled service:
 *
 * - a write's cost with 10 active subscriptions against none: task creates at a steady rate the
 *   machine sustains beside the deliveries they cause, p50 and p99 latency of each;
 * - deliveries per second to a local receiver: 10 subscriptions, writes as fast as they go, from the
 *   first write to the last event received;
 * - a sync of 10,000 changes paged through from the start, at the largest page.
 *
 *   npm run bench:feed                      both databases; `npm run bench` measures it too
 *   npm run bench:feed -- --db sqlite
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYNC_MAX_LIMIT } from '../application/sync/sync.codecs.js';
import { cli } from '../test/support/processes.js';
import type { Dialect } from './ceiling/driver.js';
import { type Running, startService } from './processes.js';

/** Where RESULTS.md's change feed section begins: everything after it is this bench's. */
export const FEED_MARKER = '<!-- change feed: written by npm run bench or npm run bench:feed -->';

const SUBSCRIPTIONS = 10;
/**
 * Writes per second in the write-cost runs: 50 leaves the worker room on a small machine (500
 * deliveries/s), 100 asks about what a 2-core machine delivers on PostgreSQL.
 */
const STEADY_RATES = [50, 100];
const STEADY_SECONDS = 4;
/**
 * Rounds per rate, without and with the subscriptions in turn. With 3, the ratio at 100/s on
 * PostgreSQL ranged 0.9-1.3 across runs of the same code; with 5, two runs gave 0.98 and 1.02.
 */
const STEADY_ROUNDS = 5;
const BURST_WRITES = 1_000;
const WARM_UP_MS = 5_000;
const SYNCED_CHANGES = 10_000;

export interface FeedFigures {
  readonly write: readonly {
    readonly rate: number;
    readonly none: Latency;
    readonly subscribed: Latency;
    /** p50 with subscriptions over p50 without. */
    readonly ratio: number;
  }[];
  readonly deliveries: { readonly events: number; readonly seconds: number; readonly perSecond: number };
  readonly sync: { readonly changes: number; readonly pages: number; readonly ms: number };
  /** Every event the receiver got over the run, and how many of them it had got before. */
  readonly received: { readonly events: number; readonly repeated: number };
}

interface Latency {
  readonly p50: number;
  readonly p99: number;
}

/** A receiver that takes everything at once (a 204), counting events, and those it got before. */
const startReceiver = async () => {
  let received = 0;
  let lastAt = 0;
  const seen = new Set<string>();
  let repeated = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      // An event has one id for every subscription: each subscription has a path of its own.
      const id = `${request.url} ${String(request.headers['webhook-id'])}`;
      if (seen.has(id)) repeated++;
      else seen.add(id);
      lastAt = performance.now();
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    repeated: () => repeated,
    lastAt: () => lastAt,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
/** The median p50 and p99 over rounds. */
const medianLatency = (rounds: readonly Latency[]): Latency => ({
  p50: round(median(rounds.map((latency) => latency.p50))),
  p99: round(median(rounds.map((latency) => latency.p99))),
});

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export const runFeedBench = async (dialect: Dialect, databaseUrl: string): Promise<FeedFigures> => {
  const env = { DATABASE_URL: databaseUrl, WEBHOOK_ALLOW_HTTP: '1', WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' };
  await cli(env, 'users', 'create', 'feed');
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'feed', '--scopes', 'tasks:*,webhooks:*', '--json'),
  );
  // Another user's writes warm the server up without adding to the feed user's changes or deliveries.
  await cli(env, 'users', 'create', 'feed-warm-up');
  const { key: warmUpKey } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'feed-warm-up', '--scopes', 'tasks:*', '--json'),
  );
  const receiver = await startReceiver();
  const service = await startService(env);
  const call = async (method: string, path: string, body?: object, as = key) => {
    const response = await fetch(`${service.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': as, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      // The server logs a failure as it answers: its line may reach the pipe just after the answer.
      await new Promise((resolve) => setTimeout(resolve, 500));
      throw new Error(`${method} ${path}: ${response.status} ${text}\n${service.errors()}`);
    }
    return JSON.parse(text) as { data: Record<string, unknown> };
  };
  let written = 0;
  const write = () => call('POST', '/v1/tasks', { title: `feed ${written++}` });
  try {
    /** Writes at `rate` per second for `seconds`, each timed from its start to its answer. */
    const steady = async (rate: number): Promise<Latency> => {
      const times: number[] = [];
      const pending: Promise<void>[] = [];
      const started = performance.now();
      for (let i = 0; i < rate * STEADY_SECONDS; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const at = performance.now();
        pending.push(write().then(() => void times.push(performance.now() - at)));
      }
      await Promise.all(pending);
      const sorted = times.sort((a, b) => a - b);
      return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
    };
    const caughtUp = async (expected: number, timeoutMs: number) => {
      for (const deadline = Date.now() + timeoutMs; receiver.received() < expected; ) {
        if (Date.now() > deadline) throw new Error(`received ${receiver.received()} of ${expected} events`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const ids: number[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const { data } = await call('POST', '/v1/webhooks', {
        url: `${receiver.url}/${i}`,
        events: ['task.created'],
      });
      ids.push(Number((data.webhook as { id: number }).id));
    }
    const setActive = (active: 0 | 1) =>
      Promise.all(ids.map((id) => call('PATCH', `/v1/webhooks/${id}`, { active })));
    /** Events the receiver is owed: every write made while the subscriptions were on. */
    let owed = 0;
    /** One round at `rate` with the subscriptions on, their deliveries all received before it ends. */
    const subscribedRound = async (rate: number) => {
      await setActive(1);
      const from = written;
      const latency = await steady(rate);
      owed += SUBSCRIPTIONS * (written - from);
      await caughtUp(owed, 60_000);
      await setActive(0);
      return latency;
    };
    // A fresh server needs some seconds of load before its hot code is compiled, and a round timed
    // before that would be slow for the machine, not for the feed.
    const warmUpWrite = () => call('POST', '/v1/tasks', { title: 'warm-up' }, warmUpKey);
    for (const until = performance.now() + WARM_UP_MS; performance.now() < until; )
      await Promise.all(Array.from({ length: 16 }, warmUpWrite));
    // Warm-up with the subscriptions on (the worker's code paths warm too), then, per rate, rounds
    // without and with them in turn, so that both see the same machine: its speed drifts.
    await setActive(1);
    await Promise.all(Array.from({ length: 200 }, write));
    owed += SUBSCRIPTIONS * written;
    await caughtUp(owed, 60_000);
    await setActive(0);
    const rounds = STEADY_RATES.map(() => ({ none: [] as Latency[], subscribed: [] as Latency[] }));
    for (let turn = 0; turn < STEADY_ROUNDS; turn++)
      for (const [i, rate] of STEADY_RATES.entries()) {
        rounds[i]?.none.push(await steady(rate));
        rounds[i]?.subscribed.push(await subscribedRound(rate));
      }
    await setActive(1);

    // Deliveries per second: a burst of writes, 10 events each, until the last one is received.
    const before = receiver.received();
    const burstStart = performance.now();
    for (let i = 0; i < BURST_WRITES; i += 16) await Promise.all(Array.from({ length: 16 }, write));
    const events = BURST_WRITES * SUBSCRIPTIONS;
    await caughtUp(before + events, 120_000);
    const seconds = (receiver.lastAt() - burstStart) / 1000;

    // Sync: the subscriptions off (their deliveries are not measured here), then 10k changes in all.
    await setActive(0);
    while (written < SYNCED_CHANGES) await Promise.all(Array.from({ length: 32 }, write));
    const syncStart = performance.now();
    let pages = 0;
    let changes = 0;
    for (let since: string | undefined; ; ) {
      const { data } = await call(
        'GET',
        `/v1/sync?limit=${SYNC_MAX_LIMIT}${since === undefined ? '' : `&since=${encodeURIComponent(since)}`}`,
      );
      pages++;
      changes += (data.changes as unknown[]).length;
      since = String(data.next_since);
      if (data.has_more !== true) break;
    }
    const ms = performance.now() - syncStart;
    console.log(`${dialect}: change feed measured`);
    return {
      write: STEADY_RATES.map((rate, i) => {
        const [none, subscribed] = [rounds[i]?.none ?? [], rounds[i]?.subscribed ?? []];
        return {
          rate,
          none: medianLatency(none),
          subscribed: medianLatency(subscribed),
          // Round by round, as neighbours in time: the median of the ratios.
          ratio: round(median(subscribed.map((latency, j) => latency.p50 / (none[j]?.p50 ?? Number.NaN)))),
        };
      }),
      deliveries: { events, seconds: round(seconds), perSecond: Math.round(events / seconds) },
      sync: { changes, pages, ms: Math.round(ms) },
      received: { events: receiver.received(), repeated: receiver.repeated() },
    };
  } finally {
    await (service as Running).stop();
    await receiver.stop();
  }
};

/** The section RESULTS.md shows for one database. */
export const feedSection = (name: string, figures: FeedFigures): string =>
  [
    `### ${name}: the change feed`,
    '',
    '| measure | figure | goal |',
    '|---|---|---|',
    ...figures.write.flatMap((write) => [
      `| task create at ${write.rate}/s, no subscription: p50 / p99 ms | ${write.none.p50} / ${write.none.p99} | |`,
      `| task create at ${write.rate}/s, ${SUBSCRIPTIONS} active subscriptions (${write.rate * SUBSCRIPTIONS} deliveries/s asked): p50 / p99 ms | ${write.subscribed.p50} / ${write.subscribed.p99} | |`,
      `| write cost at ${write.rate}/s with ${SUBSCRIPTIONS} subscriptions, p50 ratio | ${write.ratio}× | ≤ 1.5× |`,
    ]),
    `| events received more than once, of the ${figures.received.events} received in the run | ${figures.received.repeated} | 0 |`,
    `| deliveries to a local receiver (${figures.deliveries.events} events in ${figures.deliveries.seconds} s) | ${figures.deliveries.perSecond} events/s | ≥ 500/s |`,
    `| sync of ${figures.sync.changes} changes from the start (${figures.sync.pages} pages of ${SYNC_MAX_LIMIT}) | ${figures.sync.ms} ms | < 1000 ms |`,
  ].join('\n');

/** What the figures mean, above them. */
const FEED_NOTE =
  'The compiled service, a local receiver answering 204 to everything, 10 subscriptions to `task.created`. ' +
  `Write cost: task creates at a steady 50 and 100 per second, timed each, in ${STEADY_ROUNDS} rounds of ${STEADY_SECONDS} s without and with the ` +
  'subscriptions in turn (their deliveries flowing), medians over the rounds; the ratio is the median of each ' +
  "round's over the round before it (the write itself does the same work either way: its change log entry; the " +
  'difference is the worker sharing the machine). Deliveries: 1,000 creates as fast as they go, from the first write to ' +
  'the 10,000th event received. Sync: 10,000 changes of one user paged through from the start at 1,000 a page.';

/** RESULTS.md's change feed section: from its marker to the end of the file. */
export const feedBlock = (command: string, sections: readonly string[]): string =>
  `${FEED_MARKER}\n## The change feed (\`${command}\`, ${new Date().toISOString().slice(0, 10)})\n\n` +
  `${FEED_NOTE}\n\n${sections.join('\n\n')}\n`;
