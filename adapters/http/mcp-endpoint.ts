import type { IncomingHttpHeaders } from 'node:http';
import type { Caller } from './dispatch.js';

/** An HTTP answer of the MCP endpoint, for the server to send as it sends any. */
export interface McpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * MCP over Streamable HTTP at `/mcp` (`adapters/mcp/`): one JSON-RPC message a POST, answered in
 * JSON, for the caller the server authenticated as on every route.
 */
export interface McpEndpoint {
  answer(
    caller: Caller,
    request: { readonly url: string; readonly headers: IncomingHttpHeaders; readonly body: unknown },
  ): Promise<McpAnswer>;
}
