import * as E from 'fp-ts/lib/Either.js';
import type { Duration } from '../../domain/shared/duration.js';
import {
  addDays,
  type LocalDate,
  type LocalDateTime,
  parseLocalDate,
  parseLocalDateTime,
  startOfDay,
} from '../../domain/shared/local-date-time.js';
import { parseTimeZone, type TimeZone } from '../../domain/shared/time-zone.js';
import { TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import { parseTaskTitle, type TaskTitle } from '../../domain/task/task-title.js';
import type { PersistenceHarness } from './persistence-harness.js';

/** The value a domain parser made of `text`; a test that gives it a bad one fails here, saying so. */
const parsed = <T>(value: T | null, text: string, what: string): T => {
  if (value === null) throw new Error(`not a ${what}: ${JSON.stringify(text)}`);
  return value;
};

/** Branded domain values, made by the domain's own parsers (no cast: a test holds only real ones). */
export const localDate = (text: string): LocalDate => parsed(parseLocalDate(text), text, 'local date');
export const localDateTime = (text: string): LocalDateTime =>
  parsed(parseLocalDateTime(text), text, 'local date-time');
export const timeZone = (text: string): TimeZone => parsed(parseTimeZone(text), text, 'time zone');
export const taskTitle = (text: string): TaskTitle => {
  const title = parseTaskTitle(text);
  return parsed(E.isRight(title) ? title.right : null, text, 'task title');
};

/** An object mother for tasks: sensible defaults, override what the test is about. */
export const aTask = (overrides: Partial<Task> & { status?: TaskStatus } = {}): Task => ({
  id: 1,
  ownerId: 1,
  clientTaskId: 1,
  title: taskTitle('A task'),
  ...TASK_DEFAULTS,
  status: 0,
  completedAt: null,
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  version: 1,
  ...overrides,
});

/** A time record of one minute on each of `days` days from 2000-01-01, for `userId`: that many day groups. */
export const logMinuteDaily = (
  harness: Pick<PersistenceHarness, 'write'>,
  userId: number,
  days: number,
): Promise<void> =>
  harness.write(async (r) => {
    for (let day = 0; day < days; day++)
      await r.times.add(
        userId,
        {
          clientId: null,
          projectId: null,
          taskId: null,
          categoryId: null,
          timeReally: 60 as Duration,
          description: null,
          date: startOfDay(addDays('2000-01-01' as LocalDate, day)),
        },
        new Date('2026-11-01T00:00:00Z'),
      );
  });
