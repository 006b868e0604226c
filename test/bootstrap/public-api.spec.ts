import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import type {
  Caller,
  CreateTaskInput,
  DeliveryView,
  KeySessionRefusal,
  Task,
  Unchanged,
  UpdateClientInput,
  WebhookView,
} from '../../bootstrap/index.js';
import { openWorkspace } from '../../bootstrap/index.js';
import { ROOT } from '../support/build.js';
import { right } from '../support/world.js';

/** The names the entry point exports, those of the modules it re-exports whole (`export type *`) too. */
const exported = (() => {
  const entry = readFileSync(join(ROOT, 'bootstrap', 'index.ts'), 'utf8');
  const whole = [...entry.matchAll(/export type \* from '\.\.\/(.+)\.js';/g)].map(([, path = '']) =>
    readFileSync(join(ROOT, `${path}.ts`), 'utf8'),
  );
  const names = (text: string) => [...text.matchAll(/\bexport (?:type|interface) ([A-Z][A-Za-z]+)/g)];
  return new Set([
    ...[...entry.matchAll(/\b([A-Z][A-Za-z]+)\b/g)].map(([, name]) => name),
    ...whole.flatMap(names).map(([, name]) => name),
  ]);
})();

/** Issue 58, item 11: the library as a host in strict TypeScript, or in plain JavaScript, meets it. */
describe('the library’s public face', () => {
  it('exports by name every type the README names, each operation’s error union, and the views', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const library = readme.slice(
      readme.indexOf('## Embedding the use cases'),
      readme.indexOf('## Development'),
    );
    const named = [...library.matchAll(/`([A-Z][A-Za-z]+)`/g)]
      .map(([, name = '']) => name)
      .filter((name) => !['Date', 'Either', 'NaN'].includes(name));
    expect(named.length).to.be.greaterThan(10);
    const promised = [
      'InvalidCursor',
      'Unchanged',
      'KeySessionRefusal',
      'CreateTaskError',
      'UpdateTaskError',
      'ChangeTaskStatusError',
      'ListRecordsError',
      'CreateRecordError',
      'CreateWebhookError',
      'ListDeliveriesError',
      'CreateUserError',
      'RevokeApiKeyError',
      'WebhookView',
      'WebhookWithSecret',
      'DeliveryView',
      'WebhookOptions',
      'Caller',
    ];
    expect([...named, ...promised].filter((name) => !exported.has(name))).to.deep.equal([]);
  });

  it('types the read-only fields an input may echo as the record’s own (a get → edit → replace compiles)', async () => {
    const workspace = await openWorkspace({ database: 'memory:' });
    try {
      const user = await right(workspace.users.create({ name: 'host' }));
      const session = workspace.actingAs(user.id);
      const task: Task = await right(session.tasks.create({ title: 'first' }));
      const edited: CreateTaskInput = { ...task, title: 'second' };
      expect((await right(session.tasks.replace(task.id, edited))).task.title).to.equal('second');
      // @ts-expect-error an id is a number: an echoed field of another type does not compile.
      const garbage: CreateTaskInput = { title: 'x', id: 'garbage' };
      // @ts-expect-error `createdAt` is the record's Date.
      const wrongDate: UpdateClientInput = { name: 'x', createdAt: 5 };
      expect([garbage, wrongDate].length).to.equal(2);
    } finally {
      await workspace.close();
    }
  });

  it('checks its options from plain JavaScript: a wrong type or an unknown option is a StartupError naming it', async () => {
    const refused = async (options: unknown) =>
      // trust boundary: what a host in plain JavaScript may pass.
      openWorkspace(options as Parameters<typeof openWorkspace>[0]).then(
        async (opened) => {
          await opened.close();
          return null;
        },
        (error: unknown) => error,
      );
    const notBoolean = await refused({ database: 'memory:', migrate: 'no' });
    expect(notBoolean).to.have.property('name', 'StartupError');
    expect(String(notBoolean)).to.include('migrate');
    expect(String(await refused({ database: 'memory:', migrat: false }))).to.include('migrat');
    expect(String(await refused({ database: 'memory:', webhooks: { maxPerUser: 'many' } }))).to.include(
      'webhooks.maxPerUser',
    );
    expect(String(await refused({ database: 42 }))).to.include('database');
    expect(await refused({ database: 'memory:', migrate: false, webhooks: { deliver: false } })).to.equal(
      null,
    );
  });

  it('keeps the views’ types in the host’s reach (compiles)', () => {
    const views: [Caller | null, DeliveryView | null, WebhookView | null, Unchanged | null] = [
      null,
      null,
      null,
      null,
    ];
    const refusal: KeySessionRefusal['_tag'] | null = null;
    expect([...views, refusal].every((value) => value === null)).to.equal(true);
  });
});
