import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { apiDocument } from '../../../bootstrap/http-server.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { documentedOperations } from '../../support/openapi-conformance.js';
import { servedRoutes } from '../../support/served-routes.js';

describe('OpenAPI document (GET /v1/openapi.json)', () => {
  let world: HttpWorld;
  let key: string;

  before(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', 'tasks:read,clients:read,notes:read');
  });

  after(() => world.close());

  it('is served without a key, is OpenAPI 3.1 and is the document the drift checks use', async () => {
    const response = await world.call(null, { method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).to.equal(200);
    const served = response.json();
    expect(served.openapi).to.equal('3.1.0');
    expect(served.info.version).to.equal('1.0.0');
    expect(served).to.deep.equal(JSON.parse(JSON.stringify(apiDocument())));
  });

  it('says the task list’s default order and active filter as the list answers them', async () => {
    const document = apiDocument() as { paths: Record<string, { get?: { description?: string } }> };
    const description = document.paths['/v1/tasks']?.get?.description ?? '';
    expect(description).to.include('Default order: `id` ascending');
    expect(description).to.include('Without `active`, archived tasks come too');
    const alice = await world.user('ann');
    const first = await alice.tasks.create({ title: 'first' });
    const second = await alice.tasks.create({ title: 'second, archived', active: false });
    const annKey = await world.key('ann', 'tasks:read');
    const listed = (await world.call(annKey, { method: 'GET', url: '/v1/tasks' })).json().data.tasks;
    expect(listed.map((task: { title: string }) => task.title)).to.deep.equal(['first', 'second, archived']);
    expect(first._tag === 'Right' && second._tag === 'Right').to.equal(true);
  });

  it('declares what POST /mcp answers outside MCP: 406 without its Accept, JSON-RPC errors, the envelope for bad JSON', async () => {
    const mcpKey = await world.key('alice', 'tasks:read');
    const post = (headers: Record<string, string>, payload: string) =>
      // `call` fails on any answer the document does not declare, or that breaks its schema.
      world.call(mcpKey, {
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    const accept = { accept: 'application/json, text/event-stream' };
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect((await post({}, message)).statusCode).to.equal(406);
    const notJsonRpc = await post(accept, JSON.stringify({ hello: 1 }));
    expect(notJsonRpc.statusCode).to.equal(400);
    expect(notJsonRpc.json().error.code).to.equal(-32700);
    const notJson = await post(accept, '{');
    expect(notJson.statusCode).to.equal(400);
    expect(notJson.json().error.code).to.equal('INVALID_JSON');
  });

  it('declares 408 and 431, answered before routing, on every operation', () => {
    const document = apiDocument() as { paths: Record<string, Record<string, { responses: object }>> };
    for (const [path, operations] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(operations))
        expect(Object.keys(operation.responses), `${method} ${path}`).to.include.members(['408', '431']);
  });

  it('documents every route the server serves (a route without a document entry fails here)', async () => {
    const served = await servedRoutes(world.app);
    const documented = documentedOperations().map(({ method, path }) => `${method} ${path}`);
    expect(served.length).to.be.greaterThan(40);
    expect(served.filter((route) => !documented.includes(route))).to.deep.equal([]);
    expect(documented.filter((route) => !served.includes(route))).to.deep.equal([]);
  });

  it('gives every keyed operation its scope, its error answers and an example', () => {
    const document = apiDocument() as {
      paths: Record<string, Record<string, { security: object[]; responses: Record<string, unknown> }>>;
    };
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.security.length === 0) continue;
        const where = `${method} ${path}`;
        // One scope by either scheme; delta sync takes any resource's read scope, calendar feeds
        // that of tasks or times.
        const scopes = path === '/v1/sync' ? 8 : path.startsWith('/v1/calendar-feeds') ? 2 : 1;
        expect(operation.security, where).to.have.length(2 * scopes);
        // /mcp refuses no scope itself: its tool calls answer their refusals as results.
        expect(Object.keys(operation.responses), where).to.include.members(
          path === '/mcp' ? ['401', '429', '500', '503'] : ['401', '403', '429', '500', '503'],
        );
        // A HEAD answer has no body to give an example of.
        const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
        if (method !== 'head') expect(JSON.stringify(success?.[1]), where).to.contain('"example"');
      }
    }
  });

  it('lets a request body hold the fields a GET answered: none is readOnly, and the round trip validates', async () => {
    const document = apiDocument() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const bodies = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map((operation) => JSON.stringify(operation.requestBody ?? {})),
    );
    expect(bodies.filter((body) => body.includes('"readOnly"'))).to.deep.equal([]);
    const writer = await world.key('alice', 'tasks:*');
    const created = await world.call(writer, {
      method: 'POST',
      url: '/v1/tasks',
      payload: { title: 'round trip' },
    });
    const { task } = created.json().data;
    // Every answer and accepted body is checked against the document as it goes (openapi-conformance).
    const put = await world.call(writer, {
      method: 'PUT',
      url: `/v1/tasks/${task.id}`,
      payload: { ...task, title: 'again' },
    });
    expect(put.statusCode).to.equal(200);
  });

  it('documents every type /docs/{asset} serves, and HEAD wherever GET is', async () => {
    type Operation = { responses: Record<string, { content?: Record<string, unknown> }> };
    const document = apiDocument() as { paths: Record<string, Record<string, Operation>> };
    const assets = document.paths['/docs/{asset}'];
    const types = Object.keys(assets?.get?.responses['200']?.content ?? {});
    const asset = assets?.get as unknown as { parameters: { schema: { enum: string[] } }[] } | undefined;
    const names = asset?.parameters[0]?.schema.enum;
    for (const name of names ?? []) {
      const served = await world.call(null, { method: 'GET', url: `/docs/${name}` });
      expect(types, name).to.include(String(served.headers['content-type']).split(';')[0]);
    }
    for (const [path, operations] of Object.entries(document.paths))
      if (operations.get !== undefined) expect(operations.head, path).to.not.equal(undefined);
    const head = await world.call(key, { method: 'HEAD', url: '/v1/tasks' });
    expect(head.statusCode).to.equal(200);
    expect(head.body).to.equal('');
  });

  it('says what the server refuses: record_type agreeing with type, and no NUL in search', async () => {
    type Parameter = { name: string; description?: string; schema: { pattern?: string } };
    const document = apiDocument() as { paths: Record<string, { get: { parameters: Parameter[] } }> };
    const of = (path: string, name: string) =>
      document.paths[path]?.get.parameters.find((parameter) => parameter.name === name);
    expect(of('/v1/clients', 'record_type')?.description).to.include('`type`').and.include('MISMATCH');
    const mismatch = await world.call(key, { method: 'GET', url: '/v1/clients?type=task&record_type=note' });
    expect(mismatch.json().error.details[0]).to.deep.include({ field: 'record_type', code: 'MISMATCH' });
    for (const path of ['/v1/tasks', '/v1/notes']) {
      const pattern = new RegExp(String(of(path, 'search')?.schema.pattern), 'u');
      expect(pattern.test('plain'), path).to.equal(true);
      expect(pattern.test('a\u0000b'), path).to.equal(false);
      const refused = await world.call(key, { method: 'GET', url: `${path}?search=a%00b` });
      expect(refused.statusCode, path).to.equal(400);
    }
  });

  it('serves /docs without a key: a page under a strict CSP, its assets from this service, 404 for others', async () => {
    const page = await world.call(null, { method: 'GET', url: '/docs' });
    expect(page.statusCode).to.equal(200);
    expect(page.headers['content-type']).to.contain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).to.contain("default-src 'none'");
    expect(csp).to.contain("script-src 'self'");
    expect(csp).not.to.contain('unsafe-inline');
    expect(page.body).not.to.match(/<script>|https?:\/\//);
    for (const src of page.body.match(/(?:src|href)="([^"]+)"/g) ?? []) {
      const url = src.replace(/^(?:src|href)="|"$/g, '');
      const asset = await world.call(null, { method: 'GET', url });
      expect(asset.statusCode, url).to.equal(200);
      expect(asset.headers['x-content-type-options']).to.equal('nosniff');
    }
    const missing = await world.call(null, { method: 'GET', url: '/docs/secrets.txt' });
    expect(missing.statusCode).to.equal(404);
    expect(missing.json().error.code).to.equal('NOT_FOUND');
  });

  it('passes Redocly lint with no error and no warning', function () {
    this.timeout(120_000);
    const folder = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(apiDocument()));
      const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
      const lint = spawnSync(process.execPath, [cli, 'lint', file, '--format=json'], {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{')));
      expect(report.problems, lint.stdout).to.deep.equal([]);
      expect(report.totals).to.deep.include({ errors: 0, warnings: 0 });
      expect(lint.status, lint.stderr).to.equal(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
