import type { Dispatch } from '../http/dispatch.js';
import type { McpEndpoint } from '../http/mcp-endpoint.js';
import type { ToolCatalog } from './tool-catalog.js';

/**
 * MCP over Streamable HTTP (`streamable-http.ts`), with the SDK loaded by the first `/mcp` request:
 * a service no agent calls never loads it. The SDK and the schema library it brings are a large
 * share of the process's memory.
 */
export const mcpEndpoint = (catalog: ToolCatalog, dispatch: Dispatch, version: string): McpEndpoint => {
  let loading: Promise<McpEndpoint> | undefined;
  const load = () =>
    import('./streamable-http.js').then(
      ({ streamableHttpEndpoint }) => streamableHttpEndpoint(catalog, dispatch, version),
      (error: unknown) => {
        loading = undefined; // the next request tries again
        throw error;
      },
    );
  return {
    answer: async (caller, request) => {
      loading ??= load();
      return (await loading).answer(caller, request);
    },
  };
};
