import type { Request } from 'autocannon';
import { type SeededOwner, WORDS } from './seed.js';

/**
 * The `next_cursor` of a list's answer, read without parsing the page: parsing 100 tasks took the
 * bench process about as long as the static server took to send them, so the walk's figure against
 * static measured the bench, not the servers. The key's last unescaped occurrence is the
 * pagination's (a task's text cannot hold an unescaped quote), and a cursor is base64url or null.
 */
export const nextCursorIn = (body: string): string | null => {
  const key = '"next_cursor":';
  const at = body.lastIndexOf(key);
  if (at < 0) return null;
  const start = at + key.length;
  const ends = [body.indexOf(',', start), body.indexOf('}', start)].filter((end) => end >= 0);
  const value = body.slice(start, Math.min(...ends));
  // trust boundary: the value is JSON, a string or null.
  return JSON.parse(value) as string | null;
};

export interface Scenario {
  readonly name: string;
  readonly kind: 'read' | 'write' | 'mixed';
  /** Run in `--scale` too: the reads whose cost could grow with the owner's data. */
  readonly scales: boolean;
  /** One autocannon request per connection; `setupRequest` varies it between calls. */
  request(): Request;
}

const json = { 'content-type': 'application/json' };

/** A seeded pseudo-random sequence, so that runs ask the same varied requests. */
const randomFrom = (seed: number) => {
  let state = seed >>> 0 || 1;
  return (below: number): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
};

/** A path (with its method and body) drawn anew for every request. */
type Draw = (random: (below: number) => number) => {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
};

const varied = (draw: Draw, seed: number): Request => {
  const random = randomFrom(seed);
  return {
    method: 'GET',
    setupRequest: (request) => {
      const { method = 'GET', path, body } = draw(random);
      return { ...request, method, path, headers: { ...request.headers, ...(body ? json : {}) }, body };
    },
  };
};

/**
 * How deep a search page goes: among a word's first 1,000 matches (all of them at 10k tasks). An
 * offset page reads every match before it on any index, so deeper pages would measure the depth
 * asked (what cursors are for), not how a search follows the owner's size in `--scale`.
 */
const SEARCH_DEPTH = 1_000;

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
const RECORD_TYPES = ['task', 'note', 'time', 'money'];

/**
 * Every scenario varies its requests (random ids, pages, filters, words, record types), so no
 * answer is asked twice in a row; the same calls go to the service and to the hand-written ceiling.
 */
export const scenarios = (
  owner: SeededOwner,
  statusPool: () => readonly number[],
  /** The calendar of a feed of 1,000 dated tasks (issue 60), when the run has one. */
  calendarPath?: string,
): Scenario[] => {
  const taskId = (random: (n: number) => number) => owner.firstTaskId + random(owner.tasks);
  const searchPages = Math.max(1, Math.min(owner.tasks / WORDS.length, SEARCH_DEPTH) / 50);
  const reads: Record<string, Draw> = {
    'get, random id': (random) => ({ path: `/v1/tasks/${taskId(random)}` }),
    'list 50, random offset': (random) => ({
      path: `/v1/tasks?limit=50&offset=${random(Math.max(1, owner.tasks - 50))}`,
    }),
    'filtered list, random filters': (random) => {
      const filters: string[] = [];
      // Each filter in about half the requests, at least one in every request.
      while (filters.length === 0) {
        if (random(2)) filters.push(`status=${random(4)}`);
        if (random(2)) filters.push(`priority=${random(4)}`);
        if (random(3) === 0) filters.push(`project_id=${owner.projectIds[random(owner.projectIds.length)]}`);
        if (random(2)) {
          const month = MONTHS[random(12)];
          filters.push(`date_from=2026-${month}-01&date_to=2026-${month}-28`);
        }
      }
      return { path: `/v1/tasks?${filters.join('&')}&limit=50` };
    },
    'search, random word and page': (random) => ({
      path: `/v1/tasks?search=${WORDS[random(WORDS.length)]}&limit=50&offset=${50 * random(searchPages)}`,
    }),
    'clients by latest record, random type': (random) => ({
      path: `/v1/clients?type=${RECORD_TYPES[random(RECORD_TYPES.length)]}&limit=20`,
    }),
  };
  /** Reports (issue 60), apart from `reads`: the mixed load stays the lists' and writes' it was. */
  const reports: Record<string, Draw> = {
    'times report by client and month, random range': (random) => {
      const from = random(12);
      const to = from + random(12 - from);
      const range = random(4) === 0 ? '' : `&date_from=2026-${MONTHS[from]}-01&date_to=2026-${MONTHS[to]}-28`;
      const client = random(4) === 0 ? `&client_id=${owner.clientIds[random(owner.clientIds.length)]}` : '';
      return { path: `/v1/reports/times?group_by=client,month${range}${client}` };
    },
    'tasks report by status, random filters': (random) => {
      const filters: string[] = [];
      if (random(2)) filters.push(`&priority=${random(4)}`);
      if (random(3) === 0) filters.push(`&project_id=${owner.projectIds[random(owner.projectIds.length)]}`);
      if (random(2)) {
        const month = MONTHS[random(12)];
        filters.push(`&date_from=2026-${month}-01&date_to=2026-${month}-28`);
      }
      return { path: `/v1/reports/tasks?group_by=status${filters.join('')}` };
    },
  };
  const writes: Record<string, () => Draw> = {
    'create task': () => {
      let n = 0;
      return (random) => {
        n += 1;
        return {
          method: 'POST',
          path: '/v1/tasks',
          body: JSON.stringify({
            title: `bench ${n}`,
            client_id: owner.clientIds[random(owner.clientIds.length)],
          }),
        };
      };
    },
    'status change, done and back': () => {
      // Each run takes tasks no earlier run touched, all new (status 0): done, back, done…
      const pool = statusPool();
      const next = new Map<number, number>();
      let n = 0;
      return () => {
        const id = pool[n % pool.length] as number;
        n += 1;
        const status = next.get(id) ?? 2;
        next.set(id, status === 2 ? 0 : 2);
        return { method: 'PATCH', path: `/v1/tasks/${id}`, body: JSON.stringify({ status }) };
      };
    },
    rename: () => (random) => ({
      method: 'PATCH',
      path: `/v1/tasks/${taskId(random)}`,
      body: JSON.stringify({ title: `renamed ${random(1_000_000)}` }),
    }),
  };
  let seed = 1;
  /** A seed of its own for each connection's sequence. */
  const nextSeed = () => {
    seed += 7919;
    return seed;
  };
  const read = (name: string, scales: boolean): Scenario => ({
    name,
    kind: 'read',
    scales,
    request: () => varied(reads[name] as Draw, nextSeed()),
  });
  /** A walk of the whole list by pages of 100: each connection follows its own next_cursor. */
  const cursorWalk: Scenario = {
    name: 'cursor walk, pages of 100',
    kind: 'read',
    scales: true,
    request: () => ({
      method: 'GET',
      path: '/v1/tasks?limit=100',
      setupRequest: (request, context: { cursor?: string | null }) => {
        const { cursor } = context;
        return { ...request, path: `/v1/tasks?limit=100${cursor ? `&cursor=${cursor}` : ''}` };
      },
      onResponse: (_status, body, context: { cursor?: string | null }) => {
        context.cursor = nextCursorIn(body);
      },
    }),
  };
  const mixed: Scenario = {
    name: 'mixed: 80% varied reads, 20% writes',
    kind: 'mixed',
    scales: false,
    request: () => {
      const readDraws = Object.values(reads);
      const writeDraws = [writes['create task'], writes.rename].map((make) => (make as () => Draw)());
      return varied((random) => {
        if (random(5) === 0) return (writeDraws[random(writeDraws.length)] as Draw)(random);
        return (readDraws[random(readDraws.length)] as Draw)(random);
      }, nextSeed());
    },
  };
  return [
    read('get, random id', true),
    read('list 50, random offset', false),
    {
      name: 'cursor, first page of 100',
      kind: 'read',
      scales: true,
      request: () => ({ method: 'GET', path: '/v1/tasks?limit=100' }),
    },
    cursorWalk,
    read('filtered list, random filters', true),
    read('search, random word and page', true),
    read('clients by latest record, random type', true),
    ...Object.keys(reports).map(
      (name): Scenario => ({
        name,
        kind: 'read',
        scales: false,
        request: () => varied(reports[name] as Draw, nextSeed()),
      }),
    ),
    ...(calendarPath === undefined
      ? []
      : [
          {
            name: 'calendar feed of 1,000 tasks',
            kind: 'read',
            scales: false,
            request: () => ({ method: 'GET', path: calendarPath }),
          } satisfies Scenario,
        ]),
    ...Object.entries(writes).map(
      ([name, make]): Scenario => ({
        name,
        kind: 'write',
        scales: false,
        request: () => varied(make(), nextSeed()),
      }),
    ),
    mixed,
  ];
};
