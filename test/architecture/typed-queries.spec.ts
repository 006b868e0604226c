import { expect } from 'chai';
import { applyEdit, copySources, filesWithErrors } from '../support/source-copy.js';

const KEY_STORE = 'adapters/persistence/mikro-orm/read/sql-api-key-store.ts';
const RECORDS = 'adapters/persistence/mikro-orm/write/sql-record.repository.ts';
const GAMIFICATION = 'adapters/persistence/mikro-orm/write/sql-gamification.repository.ts';
const TASK_LISTS = 'adapters/persistence/mikro-orm/read/sql-task-read-model.ts';
const RECORD_LISTS = 'adapters/persistence/mikro-orm/read/sql-record-read-model.ts';

/**
 * The persistence's queries are typed from the entity definitions (issue 56): a column or table a
 * query misnames is a compile error in that query's file, and nowhere else. Tried on a copy of the
 * sources, one misspelling at a time.
 */
describe('typed queries: a misnamed column or table does not compile', function () {
  this.timeout(180_000);
  let copy: ReturnType<typeof copySources>;

  before(() => {
    copy = copySources('typed-queries-');
  });
  after(() => copy.remove());

  const misspelled = [
    { file: KEY_STORE, anchor: ".where('digest', '=', digest)", added: ".where('digests', '=', digest)" },
    { file: RECORDS, anchor: ".where('owner_id', '=', ownerId)", added: ".where('owner', '=', ownerId)" },
    {
      file: GAMIFICATION,
      anchor: ".selectFrom('user_achievements')",
      added: ".selectFrom('user_achievement')",
    },
    // A list's filters.
    { file: TASK_LISTS, anchor: "t('t.status', '=', q.status)", added: "t('t.state', '=', q.status)" },
    {
      file: RECORD_LISTS,
      anchor: "r('r.task_id', '=', q.taskId)",
      added: "r('r.taskid', '=', q.taskId)",
    },
  ];

  it('the copy compiles as it is', async () => {
    expect(await filesWithErrors(copy.root)).to.deep.equal([]);
  });

  for (const edit of misspelled)
    it(`names ${edit.file} for ${edit.added}`, async () => {
      applyEdit(copy.root, { ...edit, replace: true });
      try {
        expect(await filesWithErrors(copy.root)).to.deep.equal([edit.file]);
      } finally {
        applyEdit(copy.root, { file: edit.file, anchor: edit.added, added: edit.anchor, replace: true });
      }
    });
});
