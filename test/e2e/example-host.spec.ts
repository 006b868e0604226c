import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { SQL_PACKAGES } from '../../bootstrap/peer-packages.js';
import { ensureBuilt, ROOT } from '../support/build.js';

const run = promisify(execFile);

/** A better-sqlite3 other than the one @mikro-orm/sqlite pins, as a host may well have installed. */
const HOSTS_OWN_BETTER_SQLITE = '13.2.0';

/**
 * The README's embedding promise, checked as a host would meet it: the packed tarball installed
 * into a separate project (`examples/host`), type-checked with `tsc --strict` against the
 * package's own declarations, and run with plain `node` on the compiled JavaScript.
 */
describe('the package, embedded by a separate host project', function () {
  this.timeout(180_000);
  let directory: string;
  let host: string;

  before(async () => {
    await ensureBuilt();
    directory = mkdtempSync(join(tmpdir(), 'workspace-host-'));
    const { stdout } = await run(
      'npm',
      ['pack', '--ignore-scripts', '--json', '--pack-destination', directory],
      {
        cwd: ROOT,
      },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    if (!packed) throw new Error(`npm pack printed no tarball: ${stdout}`);

    host = join(directory, 'host');
    cpSync(join(ROOT, 'examples', 'host'), host, {
      recursive: true,
      filter: (source) => !/node_modules|build/.test(source.slice(ROOT.length)),
    });
    const manifest = JSON.parse(readFileSync(join(host, 'package.json'), 'utf8'));
    manifest.dependencies['workspace-api'] = `file:${join(directory, packed.filename)}`;
    writeFileSync(join(host, 'package.json'), JSON.stringify(manifest, null, 2));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: host });
  });

  after(() => rmSync(directory, { recursive: true, force: true }));

  const installed = (name: string) => {
    try {
      readFileSync(join(host, 'node_modules', name, 'package.json'));
      return true;
    } catch {
      return false;
    }
  };

  it('installs without the project-only packages (no node runtime, no transpiler)', () => {
    expect(installed('workspace-api'), 'the package itself').to.equal(true);
    expect(installed('node'), 'the node runtime package').to.equal(false);
    expect(installed('tsx'), 'tsx').to.equal(false);
  });

  // Issue 32, item 10: the HTTP edge, the SQL databases and the docs page are optional peers.
  it('installs lean for memory: no database driver, ORM, HTTP server, metrics or docs page, no analytics', async () => {
    for (const name of [
      'better-sqlite3',
      'pg',
      'pg-boss',
      '@mikro-orm/core',
      'fastify',
      'prom-client',
      'swagger-ui-dist',
      '@scarf/scarf',
    ])
      expect(installed(name), name).to.equal(false);
    // What the package brings: everything installed but the host's own tooling (TypeScript and
    // Node's types, about 34 MB). It was 80 MB with the drivers, the HTTP edge and the docs page.
    const kilobytes = async (...paths: string[]) => {
      const { stdout } = await run('du', ['-skc', ...paths.map((path) => join(host, 'node_modules', path))]);
      return Number(stdout.trim().split('\n').at(-1)?.split('\t')[0]);
    };
    const tooling = await kilobytes('typescript', '@typescript', '@types');
    const megabytes = ((await kilobytes('.')) - tooling) / 1024;
    expect(megabytes, `${megabytes.toFixed(1)} MB`).to.be.below(20);
  });

  it('type-checks the host against the package declarations with tsc --strict', async () => {
    await run('npm', ['run', '-s', 'build'], { cwd: host });
  });

  it('says which packages to install when asked to open SQLite without them', async () => {
    const failed = await run(process.execPath, [join(host, 'build', 'host.js')], {
      cwd: host,
      env: { ...process.env, WORKSPACE_DATABASE: `sqlite:${join(directory, 'host.db')}` },
    }).then(
      () => null,
      (error: { stderr: string }) => error,
    );
    expect(failed, 'the host fails to open SQLite').not.to.equal(null);
    expect(failed?.stderr).to.include('StartupError');
    expect(failed?.stderr).to.include('@mikro-orm/sqlite');
    expect(failed?.stderr).to.include('kysely');
  });

  for (const database of ['memory:', 'sqlite']) {
    it(`creates a user and a task, lists and completes it, with plain node on ${database}`, async () => {
      if (database === 'sqlite') {
        // What a host on SQLite adds, as the README says: the SQL packages, at the ranges the
        // package's peerDependencies name. And a better-sqlite3 of its own, of another version than
        // @mikro-orm/sqlite's: exactly one SQLite may run in the process (two copies on one file
        // failed every read after a write), whatever the host installs.
        const { peerDependencies } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
        await run(
          'npm',
          [
            'install',
            '--prefer-offline',
            '--no-audit',
            '--no-fund',
            ...SQL_PACKAGES.map((name) => `${name}@${peerDependencies[name]}`),
            `better-sqlite3@${HOSTS_OWN_BETTER_SQLITE}`,
          ],
          { cwd: host },
        );
      }
      const url = database === 'sqlite' ? `sqlite:${join(directory, 'host.db')}` : database;
      const { stdout } = await run(process.execPath, [join(host, 'build', 'host.js')], {
        cwd: host,
        env: { ...process.env, WORKSPACE_DATABASE: url },
      });
      const outcome = JSON.parse(stdout);
      expect(outcome).to.include({ status: 2, stranger: 'UnknownUser' });
      expect(outcome.task).to.include({ title: 'Written by the host', pricePlanned: 12.5 });
      expect(outcome.listed).to.deep.equal([outcome.task.id]);
      // Issue 32, item 9: typed with the inputs' names and `unwrap`, as the package exports them.
      expect(outcome.history).to.deep.equal([0, 2]);
      expect(outcome.pointsAwarded).to.be.greaterThan(0);
      expect(outcome.totalPoints).to.equal(outcome.pointsAwarded);
    });
  }
});
