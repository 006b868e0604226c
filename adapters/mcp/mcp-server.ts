import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { Caller, Dispatch } from '../http/dispatch.js';
import type { ToolCatalog } from './tool-catalog.js';
import { toolResult } from './tool-results.js';

const INSTRUCTIONS = [
  'A personal work-management workspace: tasks with a status history and points for completing them, clients, projects, notes, categories, cards, time and money records, all of the API key’s user.',
  'Tasks: status 0 new, 1 in progress, 2 done, 3 cancelled; priority 1 critical, 2 this week, 3 optional, 0 none. Dates are wall-clock `YYYY-MM-DD HH:MM:SS` in the user’s time zone; durations `H:MM:SS`; money in the currency’s units, two decimals; flags 0 or 1.',
  'Lists answer 50 items by default (`limit` up to 100); follow `pagination.next_cursor` with `cursor`. Every answer is the HTTP API’s JSON: `data` holds the result. A refused call is a tool error that starts with the error code (`VALIDATION_ERROR`, `NOT_FOUND`, `INSUFFICIENT_SCOPE`, …).',
  '`batch` runs up to 100 operations of the HTTP API in one call, all or nothing by default.',
].join('\n\n');

/**
 * The JSON Schema validator the SDK's server keeps for what a client answers it (elicitation, which
 * these tools never ask for): one for every server, as a server is made per request and a validator
 * of its own cost a third of a tool call.
 */
let validator: AjvJsonSchemaValidator | undefined;
const sharedValidator = (): AjvJsonSchemaValidator => {
  validator ??= new AjvJsonSchemaValidator();
  return validator;
};

/** The tool's action (`create` of `tasks_create`), for the summary. */
const actionOf = (name: string): string => name.slice(name.indexOf('_') + 1);

/**
 * An MCP server (the SDK's low-level `Server`: the tools' JSON Schemas are the API's own) for one
 * caller: it lists the tools the caller's key may call and runs each call as the API request it is.
 */
export const mcpServerFor = (
  catalog: ToolCatalog,
  caller: Caller,
  dispatch: Dispatch,
  version: string,
): Server => {
  const server = new Server(
    { name: 'workspace-api', title: 'Workspace API', version },
    {
      capabilities: { tools: {} },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: sharedValidator(),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: catalog.allowedFor(caller.session.scopes).map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      annotations: { title: tool.title, ...tool.annotations },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = catalog.byName.get(request.params.name);
    if (tool === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `There is no tool ${request.params.name}; tools/list names them.`,
      );
    const reply = await dispatch(caller, tool.requestOf(request.params.arguments ?? {}));
    return toolResult(actionOf(tool.name), reply);
  });
  return server;
};
