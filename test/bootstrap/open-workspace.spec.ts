import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { StartupError } from '../../bootstrap/startup-error.js';
import { openWorkspace } from '../../bootstrap/workspace.js';
import { freePort } from '../support/free-port.js';
import { FRESH_SQL_DATABASES, freshPostgresDatabase } from '../support/persistence-harness.js';

/** Why `openWorkspace` failed, as a host sees it. */
const failure = async (options: Parameters<typeof openWorkspace>[0]): Promise<unknown> => {
  try {
    await (await openWorkspace(options)).close();
  } catch (error) {
    return error;
  }
  throw new Error('opened');
};

/** Issue 32, item 4: a host gets a StartupError in its own terms, never the server's variable names. */
describe('the library: openWorkspace refuses in the host’s terms', function () {
  this.timeout(30_000);
  let directory: string;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-open-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('a URL it cannot read, or a SQLite folder that does not exist, is a StartupError that never says DATABASE_URL', async () => {
    for (const database of ['mysql://localhost/db', 'sqlite:', `sqlite:${join(directory, 'typo', 'x.db')}`]) {
      const error = await failure({ database });
      expect(error, database).to.be.instanceOf(StartupError);
      expect((error as Error).message, database).to.not.include('DATABASE_URL');
    }
    expect(((await failure({ database: 'mysql://x' })) as Error).message).to.include('the database URL');
  });

  it('an unreachable PostgreSQL reports the time it was given, to the tenth of a second', async () => {
    const port = await freePort();
    const error = await failure({ database: `postgres://u:p@127.0.0.1:${port}/db`, connectTimeoutMs: 1500 });
    expect(error).to.be.instanceOf(StartupError);
    expect((error as Error).message)
      .to.include('after 1.5 s')
      .and.not.include(':p@');
  });

  for (const { name, open } of FRESH_SQL_DATABASES) {
    it(`migrate: false on a database that needs migrating says so at open, naming what is pending (${name})`, async () => {
      const { database, cleanup } = await open();
      try {
        const url = database.kind === 'sqlite' ? `sqlite:${database.path}` : database.url;
        const error = await failure({ database: url, migrate: false });
        expect(error).to.be.instanceOf(StartupError);
        expect((error as Error).message).to.match(/\d+ migrations are pending \(Migration\d+, /);
        expect((error as Error).message).to.include('migrate: true');
        // Migrated once, it opens without migrating.
        await (await openWorkspace({ database: url })).close();
        await (await openWorkspace({ database: url, migrate: false })).close();
      } finally {
        cleanup();
      }
    });
  }

  it('a PostgreSQL database that does not exist is refused, named, unless createDatabase asks to create it', async () => {
    const { database } = await freshPostgresDatabase();
    if (database.kind !== 'postgresql') throw new Error('not PostgreSQL');
    const missing = new URL(database.url);
    missing.pathname = `/workspace_missing_${process.pid}_${Date.now()}`;
    const error = await failure({ database: missing.toString() });
    expect(error).to.be.instanceOf(StartupError);
    expect((error as Error).message)
      .to.include(missing.pathname.slice(1))
      .and.include('does not exist');
    // Nothing was created meanwhile: asked again, it is still missing; asked to, it creates it.
    expect(await failure({ database: missing.toString() })).to.be.instanceOf(StartupError);
    const created = await openWorkspace({ database: missing.toString(), createDatabase: true });
    expect(await created.isHealthy()).to.equal(true);
    await created.close();
    await (await openWorkspace({ database: missing.toString() })).close();
  });

  it('on a Node older than it needs, refuses with a StartupError naming both versions, before any driver loads', async () => {
    const version = Object.getOwnPropertyDescriptor(process, 'version');
    Object.defineProperty(process, 'version', { value: 'v20.20.2', configurable: true });
    try {
      const error = await failure({ database: 'memory:' });
      expect(error).to.be.instanceOf(StartupError);
      expect((error as Error).message)
        .to.include('>= 22.17')
        .and.include('v20.20.2');
    } finally {
      if (version !== undefined) Object.defineProperty(process, 'version', version);
    }
    await (await openWorkspace({ database: 'memory:' })).close();
  });
});
