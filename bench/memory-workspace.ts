/**
 * How cheap an in-memory workspace is for a host's own test suite: opens per second (open, one
 * user, close — what a fresh workspace per test costs) and calls per second of each use case on one
 * open workspace holding 10,000 tasks (issue 32, item 11: each ≥ 20k/s). Calls vary: random ids,
 * a fresh title each time. Prints figures; asserts nothing. Run with `npm run bench:memory`.
 */
import { performance } from 'node:perf_hooks';
import type * as Library from '../bootstrap/index.js';
import type { UserSession } from '../bootstrap/index.js';

/**
 * The compiled package, as a host runs it (`npm run bench:memory` builds it first): run from the
 * sources through tsx, every closure a transaction makes is renamed at run time, which costs the
 * store's calls a third of their speed and measures the transpiler, not the library.
 */
const PACKAGE = '../dist/bootstrap/index.js';
const { openWorkspace, TaskPriority, TaskStatus }: typeof Library = await import(PACKAGE);

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
/** What issue 32 asks of every use case, in calls per second. */
const GOAL = 20_000;

/** Runs `work` repeatedly for SECONDS and answers how many runs completed per second. */
const perSecond = async (work: (round: number) => Promise<unknown>): Promise<number> => {
  for (let round = 0; round < 200; round += 1) await work(round); // warm up
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let rounds = 0;
  while (performance.now() < deadline) {
    await work(rounds);
    rounds += 1;
  }
  return rounds / ((performance.now() - started) / 1000);
};

const must = <A>(answer: { _tag: 'Left'; left: unknown } | { _tag: 'Right'; right: A }): A => {
  if (answer._tag === 'Left') throw new Error(JSON.stringify(answer.left));
  return answer.right;
};

let seed = 42;
/** A repeatable pseudo-random integer in [0, n). */
const random = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};

const rows: [string, number][] = [];

rows.push([
  'open memory: workspace, create a user, close',
  await perSecond(async (round) => {
    const workspace = await openWorkspace({ database: 'memory:' });
    must(await workspace.users.create({ name: `user-${round}`, timezone: 'UTC' }));
    await workspace.close();
  }),
]);

const workspace = await openWorkspace({ database: 'memory:' });
const user = must(await workspace.users.create({ name: 'bench', timezone: 'UTC' }));
const session: UserSession = workspace.actingAs(user.id);
const client = must(await session.clients.create({ name: 'Acme' }));
const ids: number[] = [];
// A quarter of the tasks in each status and each priority, so that a filter on either matches a
// quarter of them, as a real workspace's filters do (a filter every task matches stops at its page).
const STATUSES = [TaskStatus.New, TaskStatus.InProgress, TaskStatus.Done, TaskStatus.Cancelled];
const PRIORITIES = [TaskPriority.None, TaskPriority.Critical, TaskPriority.ThisWeek, TaskPriority.Optional];
for (let index = 0; index < TASKS; index += 1)
  ids.push(
    must(
      await session.tasks.create({
        title: `task ${index}`,
        clientId: client.id,
        status: STATUSES[index % 4],
        priority: PRIORITIES[Math.floor(index / 4) % 4],
      }),
    ).id,
  );
const anyTask = () => ids[random(ids.length)] as number;

rows.push(['tasks.get (random id)', await perSecond(() => session.tasks.get(anyTask()))]);
rows.push([
  'tasks.update (rename, random id)',
  await perSecond((round) => session.tasks.update(anyTask(), { title: `renamed ${round}` })),
]);
rows.push([
  'tasks.changeStatus (done and back, random id)',
  await perSecond(async () => {
    const id = anyTask();
    must(await session.tasks.changeStatus(id, TaskStatus.Done));
    return session.tasks.changeStatus(id, TaskStatus.New);
  }).then((pairs) => pairs * 2),
]);
rows.push(['tasks.history (random id)', await perSecond(() => session.tasks.history(anyTask()))]);
rows.push(['tasks.list (50, first page)', await perSecond(() => session.tasks.list({ limit: 50 }))]);
rows.push([
  'tasks.list (50, random offset)',
  await perSecond(() => session.tasks.list({ limit: 50, offset: random(TASKS) })),
]);
rows.push([
  'tasks.list (random status, a quarter match, 50)',
  await perSecond(() => session.tasks.list({ limit: 50, status: STATUSES[random(4)] })),
]);
rows.push([
  'tasks.list (random priority, a quarter match, 50)',
  await perSecond(() => session.tasks.list({ limit: 50, priority: PRIORITIES[random(4)] })),
]);
rows.push([
  'tasks.delete (a task created for it)',
  await perSecond(async (round) => {
    const task = must(await session.tasks.create({ title: `doomed ${round}` }));
    return session.tasks.delete(task.id);
  }).then((pairs) => pairs * 2),
]);
rows.push([
  'clients.create',
  await perSecond((round) => session.clients.create({ name: `client ${round}` })),
]);
rows.push(['clients.get', await perSecond(() => session.clients.get(client.id))]);
rows.push(['gamification.profile', await perSecond(() => session.gamification.profile())]);
// Last: it grows the workspace by about as many tasks as it runs.
rows.push(['tasks.create', await perSecond((round) => session.tasks.create({ title: `bench ${round}` }))]);
await workspace.close();

const width = Math.max(...rows.map(([name]) => name.length));
console.log(
  `in-memory workspace, Node ${process.version}, ${TASKS.toLocaleString('en')} tasks, ${SECONDS} s per figure ` +
    `(calls per second; the goal is ${GOAL.toLocaleString('en')})`,
);
for (const [name, rate] of rows)
  console.log(
    `${name.padEnd(width)}  ${Math.round(rate).toLocaleString('en').padStart(9)}/s${rate < GOAL && !name.startsWith('open') ? '  below the goal' : ''}`,
  );
