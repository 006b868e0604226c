import { expect } from 'chai';
import { classifyDatabaseFailure } from '../../../adapters/persistence/mikro-orm/database-failure.js';
import { DatabaseUnavailableError } from '../../../application/shared/errors.js';

const withCode = (code: string) => Object.assign(new Error('driver said so'), { code });

/** "The database is not answering" is 503 (try again); anything else stays a bug (500). */
describe('classifying database failures', () => {
  const unavailable = [
    ['a refused connection', withCode('ECONNREFUSED')],
    ['PostgreSQL shutting down', withCode('57P01')],
    ['PostgreSQL starting up', withCode('57P03')],
    ['SQLite busy', withCode('SQLITE_BUSY')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a pooled client broken earlier',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a closed client', new Error('Client was closed and is not queryable')],
    ['a connect timeout', new Error('timeout exceeded when trying to connect')],
    ['PostgreSQL out of disk', withCode('53100')],
    ["a file of PostgreSQL's installation missing", withCode('58P01')],
    [
      'a lost connection as the cause of an ORM error',
      new Error('query failed', { cause: withCode('08006') }),
    ],
  ] as const;
  for (const [name, error] of unavailable) {
    it(`calls ${name} unavailable`, () => {
      expect(classifyDatabaseFailure(error)).to.be.instanceOf(DatabaseUnavailableError);
    });
  }

  it('leaves a failing statement as it is', () => {
    const syntax = withCode('42601');
    expect(classifyDatabaseFailure(syntax)).to.equal(syntax);
    const constraint = new Error('UNIQUE constraint failed: tasks.id');
    expect(classifyDatabaseFailure(constraint)).to.equal(constraint);
  });
});
