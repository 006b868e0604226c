import { expect } from 'chai';
import { applyEdit, copySources, type Edit, filesWithErrors } from '../support/source-copy.js';

/**
 * Issue 33, item 4: the "Adding a field" walkthrough of docs/architecture.md, tried on a copy of
 * the sources. A field is added to tasks one step of the walkthrough at a time, and after each step
 * the compiler must name exactly the files of the next one: a field cannot be forgotten in any of
 * them. (What the compiler cannot see, the migration, `migrations-match-schemas.spec.ts` names.)
 */

const SCHEMA = 'adapters/persistence/mikro-orm/schemas/task.schemas.ts';
const PRESENTER = 'adapters/http/presenters/task.presenter.ts';
const CODECS = 'application/tasks/task.codecs.ts';

/** The walkthrough's steps, each with the files the compiler must name once it is taken. */
const STEPS: readonly { readonly name: string; readonly edits: readonly Edit[]; readonly named: string[] }[] =
  [
    {
      name: 'the domain: the field and its default',
      edits: [
        {
          file: 'domain/task/task.ts',
          anchor: '  readonly pricePlanned: Money | null;\n',
          added: '  readonly effort: number | null;\n',
        },
        { file: 'domain/task/task.ts', anchor: '  pricePlanned: null,\n', added: '  effort: null,\n' },
      ],
      named: [PRESENTER, SCHEMA, CODECS],
    },
    {
      name: 'its codec and its presenter',
      edits: [
        {
          file: CODECS,
          anchor: "  pricePlanned: nullable(money('PricePlanned', { positive: false })),\n",
          added: "  effort: nullable(recordId('Effort')),\n",
        },
        {
          file: PRESENTER,
          anchor: '  price_planned: task.pricePlanned,\n',
          added: '  effort: task.effort,\n',
        },
      ],
      // The presenter's example for the OpenAPI document lacks it now.
      named: [PRESENTER, SCHEMA],
    },
    {
      name: 'its value in the presenter’s example, and its read from the row',
      edits: [
        { file: PRESENTER, anchor: '  price_planned: 120.5,\n', added: '  effort: 3,\n' },
        {
          file: SCHEMA,
          anchor: "  pricePlanned: moneyOrNull('tasks', 'price_planned_cents', row.price_planned_cents),\n",
          added: '  effort: row.effort,\n',
        },
      ],
      // The entity has no such column yet.
      named: [SCHEMA],
    },
    {
      name: 'its column in the entity',
      edits: [
        {
          file: SCHEMA,
          anchor: "    pricePlannedCents: cents().fieldName('price_planned_cents').nullable(),\n",
          added: '    effort: p.integer().nullable(),\n',
        },
      ],
      // The write to the row lacks it (the lists select every column the entity has).
      named: [SCHEMA],
    },
    {
      name: 'its write to the row',
      edits: [
        {
          file: SCHEMA,
          anchor: '  price_planned_cents: storedMoney(task.pricePlanned),\n',
          added: '  effort: task.effort,\n',
        },
      ],
      named: [],
    },
  ];

describe('adding a field to tasks (docs/architecture.md, "Adding a field")', function () {
  this.timeout(120_000);
  let copy: ReturnType<typeof copySources>;

  before(() => {
    copy = copySources('adding-a-field-');
  });
  after(() => copy.remove());

  it('is guided by the compiler from each step to the files of the next, and compiles once all are taken', async () => {
    expect(await filesWithErrors(copy.root), 'the copy compiles before any step').to.deep.equal([]);
    for (const step of STEPS) {
      for (const edit of step.edits) applyEdit(copy.root, edit);
      expect(await filesWithErrors(copy.root), `after ${step.name}`).to.deep.equal([...step.named].sort());
    }
  });
});
