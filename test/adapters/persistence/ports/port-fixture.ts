import type { Persistence } from '../../../../adapters/persistence/persistence.js';
import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import { UTC } from '../../../../domain/shared/time-zone.js';
import type { NewTask, Task, UserId } from '../../../../domain/task/task.js';
import { TASK_DEFAULTS } from '../../../../domain/task/task.js';
import { taskTitle } from '../../../support/builders.js';
import type { HarnessFactory, PersistenceHarness } from '../../../support/persistence-harness.js';

export const AT = new Date('2026-03-01T00:00:00Z');

/** One adapter, driven through its ports in domain terms (no use case, no input decoding). */
export interface PortFixture {
  readonly harness: PersistenceHarness;
  readonly persistence: Persistence;
  /** Runs `work` in one committed unit of work. */
  write<A>(work: (repositories: Repositories) => Promise<A>): Promise<A>;
  addUser(name: string): Promise<UserId>;
  /** Stores a task with the next number for its client, created at `AT` unless told. */
  addTask(ownerId: UserId, fields?: Partial<NewTask>): Promise<Task>;
}

export const openPortFixture = async (factory: HarnessFactory): Promise<PortFixture> => {
  const harness = await factory.open();
  const { persistence, write } = harness;
  return {
    harness,
    persistence,
    write,
    addUser: (name) => write(async (r) => (await r.users.add({ name, timezone: UTC, createdAt: AT })).id),
    addTask: (ownerId, fields = {}) =>
      write(async (r) => {
        const clientTaskId = await r.taskNumbers.next(ownerId, fields.clientId ?? 0);
        return r.tasks.add({
          ownerId,
          clientTaskId,
          title: taskTitle('task'),
          ...TASK_DEFAULTS,
          status: 0,
          completedAt: null,
          createdAt: AT,
          updatedAt: AT,
          version: 1,
          ...fields,
        });
      }),
  };
};

/** Declares a suite that opens a fresh fixture on `factory` before each test. */
export const portSuite = (
  port: string,
  factory: HarnessFactory,
  body: (fixture: () => PortFixture) => void,
): void => {
  describe(`${port} port: ${factory.name}`, function () {
    this.timeout(60_000);
    let fixture: PortFixture;
    beforeEach(async () => {
      fixture = await openPortFixture(factory);
    });
    afterEach(() => fixture.harness.close());
    body(() => fixture);
  });
};
