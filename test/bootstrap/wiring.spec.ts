import { expect } from 'chai';
import { CreateTask } from '../../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../../application/tasks/delete-task.use-case.js';
import { registrationsOf } from '../../bootstrap/container.js';
import { containerOf, type Registrations } from '../../bootstrap/parts.js';
import { FixedClock } from '../support/fixed-clock.js';
import { inMemoryHarness } from '../support/persistence-harness.js';

/**
 * Issue 33, item 5: the composition root is one record of every part (`Parts`), so wiring is
 * checked by `npm run typecheck`: a part left out, a part of the wrong type, a constructor's
 * arguments swapped, or a part asked for that nothing registers, each fail to compile. The lines
 * marked `@ts-expect-error` are those mistakes; were any to compile, the typecheck would fail.
 */
describe('the composition root is checked by the compiler', () => {
  it('builds every part from one complete record, and refuses wrong or missing wiring at compile time', async () => {
    const harness = await inMemoryHarness.open();
    const registrations = registrationsOf(
      { persistence: harness.persistence, clock: new FixedClock() },
      () => undefined,
    );
    const get = containerOf(registrations);
    expect(get('createTask')).to.be.instanceOf(CreateTask);
    // One of each per container: the use cases share their parts.
    expect(get('deleteTask')).to.be.instanceOf(DeleteTask).and.equal(get('deleteTask'));

    // Never run: they only have to fail to compile.
    const wrongWiring = () => {
      const { deleteTask: _leftOut, ...withoutDeleteTask } = registrations;
      // @ts-expect-error a registration left out (it compiled, and failed at run time with "TypeInfo not known")
      const incomplete: Registrations = withoutDeleteTask;
      const swapped: Registrations = {
        ...registrations,
        // @ts-expect-error the clock and the unit of work swapped: each part has its port's type
        createTask: (parts) => new CreateTask(parts('clock'), parts('unitOfWork')),
      };
      // @ts-expect-error a value of the wrong type for the part
      const wrongValue: Registrations = { ...registrations, clock: () => harness.persistence.unitOfWork };
      // @ts-expect-error a part nothing registers
      get('deleteTasks');
      return [incomplete, swapped, wrongValue];
    };
    expect(wrongWiring).to.be.a('function');
    await harness.close();
  });
});
