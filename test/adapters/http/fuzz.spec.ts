import { fuzzRoute, fuzzTargets, type Seeded, seed } from '../../support/http-fuzz.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { inMemoryHarness, postgresHarness, sqliteHarness } from '../../support/persistence-harness.js';

/**
 * `npm test` runs a small seeded sample per route; `npm run fuzz` runs FUZZ_RUNS (1000) per route.
 * FUZZ_SEED replays a run: a failure prints fast-check's seed and path.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** FUZZ_DB: a comma-separated choice of memory, sqlite and postgresql (default: all three). */
const BY_NAME = { memory: inMemoryHarness, sqlite: sqliteHarness, postgresql: postgresHarness } as const;
const HARNESSES = (process.env.FUZZ_DB ?? 'memory,sqlite,postgresql').split(',').map((name) => {
  const harness = BY_NAME[name.trim() as keyof typeof BY_NAME];
  if (harness === undefined) throw new Error(`FUZZ_DB: unknown database ${name}`);
  return harness;
});

for (const harness of HARNESSES) {
  describe(`HTTP fuzzing on ${harness.name}: ${RUNS} requests per route, seed ${SEED}`, function () {
    this.timeout(Math.max(60_000, RUNS * 2_000));
    let world: HttpWorld;
    let key: string;
    let seeded: Seeded;

    before(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      const alice = await world.user('alice');
      key = await world.key(
        'alice',
        'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*,webhooks:*',
      );
      seeded = await seed(alice);
    });

    after(() => world.close());

    for (const target of fuzzTargets()) {
      it(`${target.method} ${target.path}: never a 5xx, always the envelope, a refusal changes nothing`, () =>
        fuzzRoute(world, key, seeded, target, { runs: RUNS, seed: SEED }));
    }
  });
}
