/**
 * The MCP figure (issue 31: within 2×): the latency of a `tasks_list` tool call over Streamable HTTP
 * (`POST /mcp`) against the same page as `GET /v1/tasks`, on the service the bench seeded, one
 * connection (a call's own latency, not a queue's), rounds in turn. Each request asks a random page.
 */
import autocannon, { type Request } from 'autocannon';
import { median } from './load.js';

const ROUNDS = 3;
const LIMIT = 50;

export interface McpFigures {
  readonly seconds: number;
  readonly rest: { readonly p50Ms: number; readonly p99Ms: number; readonly requestsPerSecond: number };
  readonly mcp: { readonly p50Ms: number; readonly p99Ms: number; readonly requestsPerSecond: number };
  /**
   * The tool call's time over the route's, the median of the rounds' ratios: on one connection a
   * call's time is one over the rate (autocannon's latencies are whole milliseconds, too coarse here).
   */
  readonly ratio: number;
}

/** A random offset within the owner's tasks, the same draw for both. */
const offsets = (tasks: number) => {
  let state = 20261127;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % Math.max(1, tasks - LIMIT);
  };
};

const rest = (tasks: number): Request => {
  const next = offsets(tasks);
  return {
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: `/v1/tasks?limit=${LIMIT}&offset=${next()}` }),
  };
};

const tool = (tasks: number): Request => {
  const next = offsets(tasks);
  let id = 0;
  return {
    method: 'POST',
    path: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    setupRequest: (request) => {
      id += 1;
      const call = { name: 'tasks_list', arguments: { limit: LIMIT, offset: next() } };
      return { ...request, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: call }) };
    },
  };
};

const run = async (baseUrl: string, key: string, request: Request, seconds: number) => {
  const result = await autocannon({
    url: baseUrl,
    connections: 1,
    duration: seconds,
    headers: { 'x-api-key': key },
    requests: [request],
  });
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(`the MCP bench got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return result;
};

export const runMcpLatency = async (
  baseUrl: string,
  key: string,
  tasks: number,
  seconds: number,
): Promise<McpFigures> => {
  const rests: autocannon.Result[] = [];
  const tools: autocannon.Result[] = [];
  await run(baseUrl, key, rest(tasks), 1);
  await run(baseUrl, key, tool(tasks), 1);
  for (let round = 0; round < ROUNDS; round += 1) {
    rests.push(await run(baseUrl, key, rest(tasks), seconds));
    tools.push(await run(baseUrl, key, tool(tasks), seconds));
  }
  const figures = (results: autocannon.Result[]) => ({
    p50Ms: median(results.map((r) => r.latency.p50)),
    p99Ms: median(results.map((r) => r.latency.p99)),
    requestsPerSecond: median(results.map((r) => r.requests.average)),
  });
  return {
    seconds,
    rest: figures(rests),
    mcp: figures(tools),
    ratio: median(
      tools.map((t, i) => (rests[i]?.requests.average ?? 0) / Math.max(t.requests.average, 1e-9)),
    ),
  };
};

export const mcpTable = (figures: McpFigures): string =>
  [
    `MCP (issue 31: within 2×): a page of ${LIMIT} tasks at a random offset, one connection, ${ROUNDS} rounds of ${figures.seconds} s each in turn`,
    '',
    '| | req/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| \`GET /v1/tasks\` | ${figures.rest.requestsPerSecond.toFixed(0)} | ${figures.rest.p50Ms} | ${figures.rest.p99Ms} |`,
    `| \`tasks_list\` over \`POST /mcp\` | ${figures.mcp.requestsPerSecond.toFixed(0)} | ${figures.mcp.p50Ms} | ${figures.mcp.p99Ms} |`,
    `| **tool call / route (time per call)** | **${figures.ratio.toFixed(2)}×** | | |`,
  ].join('\n');
