/**
 * How cheap an in-memory workspace is for a host's own test suite: opens per second (open, one
 * user, close — what a fresh workspace per test costs) and use-case calls per second on one open
 * workspace. Prints figures; asserts nothing. Run with `npm run bench:memory`.
 */
import { performance } from 'node:perf_hooks';
import { openWorkspace, TaskStatus, type UserSession } from '../bootstrap/index.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);

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
const seeded = must(await session.tasks.create({ title: 'seed' }));
for (let index = 0; index < 1000; index += 1) must(await session.tasks.create({ title: `task ${index}` }));

rows.push(['tasks.create', await perSecond((round) => session.tasks.create({ title: `bench ${round}` }))]);
rows.push(['tasks.get', await perSecond(() => session.tasks.get(seeded.id))]);
rows.push(['tasks.list (50 of ~1k+)', await perSecond(() => session.tasks.list({ limit: 50 }))]);
rows.push([
  'tasks.changeStatus (done and back)',
  await perSecond((round) =>
    session.tasks.changeStatus(seeded.id, round % 2 === 0 ? TaskStatus.Done : TaskStatus.New),
  ),
]);
await workspace.close();

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`in-memory workspace, Node ${process.version}, ${SECONDS} s per figure`);
for (const [name, rate] of rows)
  console.log(`${name.padEnd(width)}  ${Math.round(rate).toLocaleString('en')}/s`);
