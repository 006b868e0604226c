import { expect } from 'chai';
import {
  TaskHistorySchema,
  TaskSchema,
} from '../../../adapters/persistence/mikro-orm/schemas/task.schemas.js';
import {
  changedProperties,
  insertReturning,
  shapeOf,
  updateById,
} from '../../../adapters/persistence/mikro-orm/write/table-statements.js';

describe('write statements built from the entity schemas', () => {
  const tasks = shapeOf(TaskSchema);

  it('names each property by its column, and reads every column back under its property name', () => {
    const { sql, params } = insertReturning(tasks, {
      ownerId: 1,
      title: 'x',
      active: true,
      completedAt: null,
    });
    expect(sql).to.match(
      /^insert into tasks \(owner_id, title, active, completed_at\) values \(\?, \?, \?, \?\)/,
    );
    expect(sql)
      .to.include('client_task_id as "clientTaskId"')
      .and.include('price_planned_cents as "pricePlannedCents"');
    // Booleans bind as 1/0: SQLite has no boolean, PostgreSQL reads '1' and '0' as booleans.
    expect(params).to.deep.equal([1, 'x', 1, null]);
  });

  it('sets only the given properties, plus any extra assignment, on the row with the id', () => {
    const { sql, params } = updateById(tasks, 7, { status: 2, completedAt: 5 }, 'version = version + 1');
    expect(sql).to.match(
      /^update tasks set status = \?, completed_at = \?, version = version \+ 1 where id = \? returning /,
    );
    expect(params).to.deep.equal([2, 5, 7]);
  });

  it('builds each text once per table, variant and property list, and never hands one list’s text to another', () => {
    const first = updateById(tasks, 1, { status: 2, completedAt: 5 }, 'version = version + 1').sql;
    expect(updateById(tasks, 2, { status: 0, completedAt: null }, 'version = version + 1').sql).to.equal(
      first,
    );
    // Another list, order, extra assignment or table is another statement.
    expect(updateById(tasks, 1, { completedAt: 5, status: 2 }, 'version = version + 1').sql).to.match(
      /^update tasks set completed_at = \?, status = \?, version/,
    );
    expect(updateById(tasks, 1, { status: 2 }, 'version = version + 1').sql).to.match(
      /^update tasks set status = \?, version = version \+ 1 where/,
    );
    expect(updateById(tasks, 1, { status: 2, completedAt: 5 }).sql).to.match(
      /^update tasks set status = \?, completed_at = \? where/,
    );
    expect(updateById(shapeOf(TaskHistorySchema), 1, { toStatus: 2 }).sql).to.match(
      /^update task_status_history set to_status = \? where/,
    );
    expect(insertReturning(tasks, { ownerId: 1 }).sql).to.match(
      /^insert into tasks \(owner_id\) values \(\?\) returning/,
    );
    expect(insertReturning(tasks, { title: 'x' }).sql).to.match(
      /^insert into tasks \(title\) values \(\?\) returning/,
    );
  });

  it('keeps of a row only what differs from the row as read, or all of it when it was not read', () => {
    const before: Record<string, unknown> = { status: 0, title: 'x', completedAt: null, updatedAt: 1 };
    const after = { status: 2, title: 'x', completedAt: 9, updatedAt: 9 };
    expect(changedProperties(before, after)).to.deep.equal({ status: 2, completedAt: 9, updatedAt: 9 });
    expect(changedProperties(before, before)).to.deep.equal({});
    expect(changedProperties(undefined, after)).to.deep.equal(after);
  });
});
