import { expect } from 'chai';
import { awardFor } from '../../domain/gamification/award.js';
import { coversStreak, FIRST_LEDGER_WINDOW_DAYS } from '../../domain/gamification/completion-ledger.js';
import { addDays, type LocalDate } from '../../domain/shared/local-date-time.js';
import { TASK_STATUSES, TaskStatus } from '../../domain/task/task-status.js';
import { localDate } from '../support/builders.js';

const { New, InProgress, Done, Cancelled } = TaskStatus;

describe('gamification: what a status move awards (issue 33)', () => {
  it('a task created with any status earns nothing, done included', () => {
    for (const status of TASK_STATUSES) expect(awardFor(null, status), String(status)).to.equal('none');
  });

  it('any other status to done is scored', () => {
    for (const from of [New, InProgress, Cancelled]) expect(awardFor(from, Done)).to.equal('score');
  });

  it('done to any other status takes back what the completion earned', () => {
    for (const to of [New, InProgress, Cancelled]) expect(awardFor(Done, to)).to.equal('take-back');
  });

  it('moves between other statuses, and no move at all, award nothing', () => {
    expect(awardFor(New, InProgress)).to.equal('none');
    expect(awardFor(InProgress, Cancelled)).to.equal('none');
    expect(awardFor(Done, Done)).to.equal('none');
  });
});

describe('gamification: the ledger window a status change reads (issue 33)', () => {
  const today = localDate('2026-06-30');
  /** A ledger with one completion on each of the `days` days ending at `last`. */
  const streakOf = (days: number, last: LocalDate = today) =>
    new Map(Array.from({ length: days }, (_, i) => [addDays(last, -i), 1] as const));
  const since = addDays(today, -FIRST_LEDGER_WINDOW_DAYS);

  it('first reads 64 days back', () => {
    expect(FIRST_LEDGER_WINDOW_DAYS).to.equal(64);
  });

  it('covers a streak that starts inside the window, or no streak at all', () => {
    expect(coversStreak(new Map(), today, since)).to.equal(true);
    expect(coversStreak(streakOf(10), today, since)).to.equal(true);
    // A streak ending yesterday counts as current too.
    expect(coversStreak(streakOf(10, addDays(today, -1)), today, since)).to.equal(true);
  });

  it('does not cover a streak that reaches the window’s first day: it may go on before it', () => {
    expect(coversStreak(streakOf(FIRST_LEDGER_WINDOW_DAYS + 1), today, since)).to.equal(false);
    expect(coversStreak(streakOf(FIRST_LEDGER_WINDOW_DAYS), today, since)).to.equal(true);
  });
});
