import { expect } from 'chai';
import { apiDocument } from '../../../bootstrap/http-server.js';
import { ALL_SCOPES } from '../../../domain/api-key/scope.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

interface Operation {
  readonly requestBody?: {
    readonly content?: { readonly 'application/json'?: { readonly example?: unknown } };
  };
}

/** Every POST whose path names no record, with the body example the docs page's Try-it-out sends. */
const creationExamples = (): { readonly path: string; readonly body: unknown }[] => {
  // trust boundary: the document's shape, as `apiDocument` builds it.
  const { paths } = apiDocument() as { paths: Record<string, { post?: Operation }> };
  return Object.entries(paths).flatMap(([path, operations]) => {
    const body = operations.post?.requestBody?.content?.['application/json']?.example;
    // A webhook's example target is a placeholder to replace: its host must resolve, which no example
    // can promise on every network.
    return path.includes('{') || path === '/v1/webhooks' || body === undefined ? [] : [{ path, body }];
  });
};

/**
 * Issue 58, item 7: the docs page's Try-it-out sends each operation's example as it is, so an
 * example that names records a new workspace lacks answers 400 `INVALID_REFERENCE` to a new user.
 * Every creation example must run on an empty workspace.
 */
describe('OpenAPI body examples run on an empty workspace', () => {
  let world: HttpWorld;

  before(async () => {
    world = await openHttpWorld();
  });
  after(() => world.close());

  it('has creation examples to try (tasks, records, batches, MCP)', () => {
    const paths = creationExamples().map((example) => example.path);
    expect(paths).to.include.members([
      '/v1/tasks',
      '/v1/projects',
      '/v1/times',
      '/v1/moneys',
      '/v1/batch',
      '/mcp',
    ]);
  });

  for (const { path, body } of creationExamples())
    it(`POST ${path} with its example answers 2xx for a new user`, async () => {
      const name = `new-${path.replace(/\W+/g, '-')}`;
      await world.user(name);
      const key = await world.key(name, ALL_SCOPES.join(','));
      // An MCP client names both answers it takes (the endpoint's 406 is documented apart).
      const headers = path === '/mcp' ? { accept: 'application/json, text/event-stream' } : {};
      const response = await world.call(key, { method: 'POST', url: path, headers, payload: body as object });
      expect(response.statusCode, response.body).to.be.within(200, 299);
    });
});
