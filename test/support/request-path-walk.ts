/**
 * The coverage walk of issue 33, item 2, run as a process of its own by
 * `test/architecture/request-path.spec.ts` (in the suite's process, other specs' background work —
 * a webhook worker, a timer — would run files too): V8's call counts over exactly one
 * `PATCH /v1/tasks/:id {"status": 2}` on a fresh SQLite database. Prints what it counted as JSON.
 */
import { Session } from 'node:inspector/promises';
import { createHttpServer } from '../../bootstrap/http-server.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { ROOT } from './build.js';
import { observedSqlPersistence } from './observed-persistence.js';
import { FRESH_SQL_DATABASES } from './persistence-harness.js';
import { right } from './world.js';

interface FunctionCoverage {
  readonly functionName: string;
  readonly ranges: readonly {
    readonly startOffset: number;
    readonly endOffset: number;
    readonly count: number;
  }[];
}
interface ScriptCoverage {
  readonly scriptId: string;
  readonly url: string;
  readonly functions: readonly FunctionCoverage[];
}

/** What one request ran. */
export interface PathWalk {
  readonly status: number;
  readonly event: string;
  /** Object codecs' checks of one object. */
  readonly objectDecodes: number;
  readonly scopeChecks: number;
  readonly keyReads: number;
  readonly files: readonly string[];
  readonly statements: readonly string[];
}

/** The project's own source files (not its dependencies or tests), as the coverage names them. */
const projectFile = (url: string): string | null => {
  const prefix = `file://${ROOT}/`;
  if (!url.startsWith(prefix)) return null;
  const path = url.slice(prefix.length);
  return path.startsWith('node_modules/') || path.startsWith('test/') ? null : path;
};

const walk = async (): Promise<PathWalk> => {
  const fresh = await FRESH_SQL_DATABASES[0].open();
  const { persistence, statements } = await observedSqlPersistence(fresh);
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Debugger.enable');
  // Counting from before any of the service's functions first runs: V8 counts the calls of a
  // function only when its counters exist from its first call.
  await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
  const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
  const app = createHttpServer(workspace, false);
  const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
  const key = (await right(workspace.keys.create({ userId: alice.id, scopes: ['tasks:write'] }))).plaintext;
  const task = await right(workspace.actingAs(alice.id).tasks.create({ title: 'walk' }));
  const patch = (status: number) =>
    app.inject({
      method: 'PATCH',
      url: `/v1/tasks/${task.id}`,
      headers: { authorization: `Bearer ${key}` },
      payload: { status },
    });
  // Once before counting: everything compiled and every lazily built part (a serializer) built.
  await patch(1);

  await inspector.post('Profiler.takePreciseCoverage'); // resets the counts
  statements.length = 0;
  const response = await patch(2);
  // trust boundary: the inspector protocol's answer, as its documentation describes it.
  const { result } = (await inspector.post('Profiler.takePreciseCoverage')) as unknown as {
    result: readonly ScriptCoverage[];
  };
  const counted = [...statements];

  const calls = async (file: string, isIt: (fn: FunctionCoverage, source: string) => boolean) => {
    let total = 0;
    for (const script of result.filter((s) => projectFile(s.url) === file)) {
      const { scriptSource } = await inspector.post('Debugger.getScriptSource', {
        scriptId: script.scriptId,
      });
      for (const fn of script.functions) if (isIt(fn, scriptSource)) total += fn.ranges[0]?.count ?? 0;
    }
    return total;
  };
  // By its name, or, where the transform left an arrow unnamed, by the `name =` (or esbuild's
  // `name = __name(`) before it.
  const named = (name: string) => (fn: FunctionCoverage, source: string) => {
    const start = fn.ranges[0]?.startOffset ?? 0;
    return (
      fn.functionName === name ||
      new RegExp(`\\b${name}\\s*=\\s*(?:__name\\()?$`).test(source.slice(Math.max(0, start - 60), start))
    );
  };
  // An object codec's check of one object: the function whose own text refuses a non-object.
  const objectCheck = (fn: FunctionCoverage, source: string) => {
    const range = fn.ranges[0];
    if (range === undefined) return false;
    const text = source.slice(range.startOffset, range.endOffset);
    return /^\(\s*u\s*,\s*c\s*\)/.test(text) && text.includes('must be a JSON object');
  };
  const figures: PathWalk = {
    status: response.statusCode,
    event: response.json().gamification?.event,
    objectDecodes: await calls('application/shared/codecs.ts', objectCheck),
    scopeChecks: await calls('domain/api-key/scope.ts', named('allows')),
    keyReads: await calls('application/api-keys/authenticate-api-key.use-case.ts', named('execute')),
    files: [
      ...new Set(
        result
          .filter((script) => script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0))
          .map((script) => projectFile(script.url))
          .filter((file) => file !== null),
      ),
    ].sort(),
    statements: counted,
  };
  await inspector.post('Profiler.stopPreciseCoverage');
  inspector.disconnect();
  await app.close();
  await workspace.close();
  fresh.cleanup();
  return figures;
};

process.stdout.write(`${JSON.stringify(await walk())}\n`);
