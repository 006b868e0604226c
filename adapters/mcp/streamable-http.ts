import type { IncomingHttpHeaders } from 'node:http';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Dispatch } from '../http/dispatch.js';
import type { McpEndpoint } from '../http/mcp-endpoint.js';
import { mcpServerFor } from './mcp-server.js';
import type { ToolCatalog } from './tool-catalog.js';

const headersOf = (incoming: IncomingHttpHeaders): Headers => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
};

/**
 * MCP over Streamable HTTP. Stateless: each request gets a server and a transport of its own (no session to keep between
 * requests, any instance may answer), and plain JSON answers instead of an event stream. The body
 * arrives parsed by the server's own JSON parser, within its limits.
 */
export const streamableHttpEndpoint = (
  catalog: ToolCatalog,
  dispatch: Dispatch,
  version: string,
): McpEndpoint => ({
  answer: async (caller, request) => {
    const server = mcpServerFor(catalog, caller, dispatch, version);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const response = await transport.handleRequest(
        new Request(request.url, { method: 'POST', headers: headersOf(request.headers) }),
        { parsedBody: request.body },
      );
      return {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: await response.text(),
      };
    } finally {
      await server.close();
    }
  },
});
