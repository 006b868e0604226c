import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';
import type { PathWalk } from '../support/request-path-walk.js';

/**
 * Issue 33, item 2, held by the coverage walk (`test/support/request-path-walk.ts`, in a process of
 * its own): over exactly one `PATCH /v1/tasks/:id {"status": 2}` the body is decoded once (the wire
 * codec runs the application's codec; the use case takes its output as it is), the key is read once
 * and the scope checked once (by the HTTP guard; the session it opens for the call does neither
 * again).
 */
describe('the path of one PATCH of a task status', function () {
  this.timeout(60_000);
  let walk: PathWalk;

  before(async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'test', 'support', 'request-path-walk.ts')],
      { cwd: ROOT },
    );
    walk = JSON.parse(stdout);
  });

  it('changes the status and scores it', () => {
    expect(walk.status).to.equal(200);
    expect(walk.event).to.equal('task_completed');
  });

  it('decodes the body once, reads the key once and checks the scope once', () => {
    expect(walk.objectDecodes, 'object decodes').to.equal(1);
    expect(walk.keyReads, 'key reads').to.equal(1);
    expect(walk.scopeChecks, 'scope checks').to.equal(1);
  });
});
