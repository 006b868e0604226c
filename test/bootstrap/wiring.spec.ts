import { expect } from 'chai';
import { container } from 'tsyringe';
import { CLOCK } from '../../application/ports/clock.port.js';
import { UNIT_OF_WORK } from '../../application/ports/unit-of-work.port.js';
import { CreateTask } from '../../application/tasks/create-task.use-case.js';
import { provide, provideValue, resolve } from '../../bootstrap/wiring.js';
import { FixedClock } from '../support/fixed-clock.js';
import { inMemoryHarness } from '../support/persistence-harness.js';

describe('the composition root is checked by the compiler', () => {
  it('builds a use case from typed keys, and refuses wrong wiring at compile time', async () => {
    const harness = await inMemoryHarness.open();
    const c = container.createChildContainer();
    provideValue(c, UNIT_OF_WORK, harness.persistence.unitOfWork);
    provideValue(c, CLOCK, new FixedClock());
    provide(c, CreateTask, (w) => new CreateTask(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)));
    // Never run: it only has to fail to compile.
    const wrongWiring = () => {
      // @ts-expect-error the clock and the unit of work swapped: both keys know their port's type
      provide(c, CreateTask, (w) => new CreateTask(w.resolve(CLOCK), w.resolve(UNIT_OF_WORK)));
      // @ts-expect-error a value of the wrong type for the token
      provideValue(c, CLOCK, harness.persistence.unitOfWork);
    };
    expect(wrongWiring).to.be.a('function');
    expect(resolve(c, CreateTask)).to.be.instanceOf(CreateTask);
    await harness.close();
  });
});
