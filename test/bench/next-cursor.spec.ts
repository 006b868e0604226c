import { expect } from 'chai';
import { nextCursorIn } from '../../bench/scenarios.js';

describe('the bench’s cursor walk reads next_cursor without parsing the page', () => {
  it('finds the pagination’s cursor, not the same words inside a task’s text', () => {
    const page = JSON.stringify({
      success: true,
      data: {
        tasks: [{ id: 1, title: 'say "next_cursor":"forged", then }' }],
        pagination: { limit: 100, next_cursor: 'eyJpZCI6MX0', has_more: true },
      },
    });
    expect(nextCursorIn(page)).to.equal('eyJpZCI6MX0');
  });

  it('answers null at the end of the list, as the last key or not', () => {
    expect(nextCursorIn(JSON.stringify({ data: { tasks: [], pagination: { next_cursor: null } } }))).to.equal(
      null,
    );
    expect(
      nextCursorIn(JSON.stringify({ data: { tasks: [], pagination: { next_cursor: null, total: 0 } } })),
    ).to.equal(null);
  });

  it('answers null for an answer without one (an error)', () => {
    expect(nextCursorIn(JSON.stringify({ success: false, error: { code: 'INVALID_CURSOR' } }))).to.equal(
      null,
    );
  });
});
