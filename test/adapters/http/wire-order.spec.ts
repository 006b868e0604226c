import { expect } from 'chai';
import {
  CLIENT,
  MONEY,
  NAMED,
  NOTE,
  PROJECT,
  TASK,
  TIME,
} from '../../../adapters/http/openapi/resource-schemas.js';
import {
  presentClient,
  presentMoney,
  presentNamed,
  presentNote,
  presentProject,
  presentTime,
} from '../../../adapters/http/presenters/record.presenters.js';
import { presentTask } from '../../../adapters/http/presenters/task.presenter.js';
import type { Duration } from '../../../domain/shared/duration.js';
import type { Money } from '../../../domain/shared/money.js';
import { aTask } from '../../support/builders.js';

describe('the schemas the OpenAPI document gives answers', () => {
  const owned = { id: 1, ownerId: 1, createdAt: new Date(0), updatedAt: new Date(0) };
  const links = { clientId: null, projectId: null, taskId: null, categoryId: null, date: null };
  const named = { ...owned, name: 'x', description: null, active: true };
  const resources = [
    { name: 'task', schema: TASK.schema, presented: presentTask(aTask()) },
    {
      name: 'client',
      schema: CLIENT.schema,
      presented: presentClient({ ...named, email: null, phone: null }),
    },
    { name: 'project', schema: PROJECT.schema, presented: presentProject({ ...named, clientId: null }) },
    { name: 'category', schema: NAMED.schema, presented: presentNamed(named) },
    { name: 'note', schema: NOTE.schema, presented: presentNote({ ...named, ...links }) },
    {
      name: 'time record',
      schema: TIME.schema,
      presented: presentTime({ ...owned, ...links, timeReally: 60 as Duration, description: null }),
    },
    {
      name: 'money record',
      schema: MONEY.schema,
      presented: presentMoney({
        ...owned,
        ...links,
        type: 1,
        price: 1 as Money,
        card: null,
        toCard: null,
        description: null,
      }),
    },
  ];

  // Answers are written as presented (JSON.stringify): the document lists the fields in that order.
  for (const { name, schema, presented } of resources) {
    it(`lists a ${name}'s fields in the order its presenter writes them`, () => {
      expect(Object.keys(schema.properties as object)).to.deep.equal(Object.keys(presented));
    });
  }
});
