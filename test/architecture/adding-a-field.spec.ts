import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';

/**
 * Issue 33, item 4: the "Adding a field" walkthrough of docs/architecture.md, tried on a copy of
 * the sources. A field is added to tasks one step of the walkthrough at a time, and after each step
 * the compiler must name exactly the files of the next one: a field cannot be forgotten in any of
 * them. (What the compiler cannot see, the migration, `migrations-match-schemas.spec.ts` names.)
 */

/** The sources the compiler reads (tsconfig.json's `include`), without what a build or run leaves. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', '.tmp']);

/** One edit of a copied file: `anchor` must be there once, and `added` goes right after it. */
interface Edit {
  readonly file: string;
  readonly anchor: string;
  readonly added: string;
}

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
          anchor: "    pricePlanned: read.moneyOrNull('pricePlannedCents'),\n",
          added: "    effort: read.integerOrNull('effort'),\n",
        },
      ],
      // The row has no such column yet.
      named: [SCHEMA],
    },
    {
      name: 'its column in the record type',
      edits: [
        {
          file: SCHEMA,
          anchor: '  pricePlannedCents: number | null;\n',
          added: '  effort: number | null;\n',
        },
      ],
      // The entity schema and the write to the row lack it.
      named: [SCHEMA],
    },
    {
      name: 'its column in the entity schema and its write to the row',
      edits: [
        {
          file: SCHEMA,
          anchor:
            "    pricePlannedCents: { type: cents(), fieldName: 'price_planned_cents', nullable: true },\n",
          added: "    effort: { type: 'integer', nullable: true },\n",
        },
        {
          file: SCHEMA,
          anchor: '  pricePlannedCents: storedMoney(task.pricePlanned),\n',
          added: '  effort: task.effort,\n',
        },
      ],
      named: [],
    },
  ];

const applyEdit = (root: string, { file, anchor, added }: Edit): void => {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  expect(text.split(anchor).length - 1, `${file} holds the walkthrough's anchor once: ${anchor}`).to.equal(1);
  writeFileSync(path, text.replace(anchor, `${anchor}${added}`));
};

/** The files `tsc` reports errors in, as paths from the copy's root. */
const filesWithErrors = async (root: string): Promise<string[]> => {
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  const output = await promisify(execFile)(tsc, ['--noEmit', '-p', 'tsconfig.json'], { cwd: root }).then(
    ({ stdout }) => stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const files = output.split('\n').flatMap((line) => /^([^\s(]+\.ts)\(\d+,\d+\)/.exec(line)?.[1] ?? []);
  return [...new Set(files)].sort();
};

describe('adding a field to tasks (docs/architecture.md, "Adding a field")', function () {
  this.timeout(120_000);
  let copy: string;

  before(() => {
    copy = mkdtempSync(join(tmpdir(), 'adding-a-field-'));
    cpSync(ROOT, copy, {
      recursive: true,
      filter: (source) => !SKIPPED.has(source.slice(ROOT.length + 1).split('/')[0] ?? ''),
    });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  });
  after(() => rmSync(copy, { recursive: true, force: true }));

  it('is guided by the compiler from each step to the files of the next, and compiles once all are taken', async () => {
    expect(await filesWithErrors(copy), 'the copy compiles before any step').to.deep.equal([]);
    for (const step of STEPS) {
      for (const edit of step.edits) applyEdit(copy, edit);
      expect(await filesWithErrors(copy), `after ${step.name}`).to.deep.equal([...step.named].sort());
    }
  });
});
