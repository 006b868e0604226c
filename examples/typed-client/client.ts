/**
 * A script that uses Workspace API through a typed client, with no type written by hand: the types
 * come from the served OpenAPI document (`npm run types`), openapi-fetch makes the calls. It creates
 * a task, lists tasks with filters, and handles a refusal; run with `node client.ts` (Node strips the
 * types) after `npm run check`.
 *
 *   WORKSPACE_API_URL=http://127.0.0.1:3000 WORKSPACE_API_KEY=wsk_… node client.ts
 */
import createClient from 'openapi-fetch';
import type { paths } from './workspace-api.js';

const key = process.env.WORKSPACE_API_KEY;
if (key === undefined) throw new Error('set WORKSPACE_API_KEY');
const api = createClient<paths>({
  baseUrl: process.env.WORKSPACE_API_URL ?? 'http://127.0.0.1:3000',
  headers: { 'X-API-Key': key },
});

// Create: the body is checked against the document's schema at compile time.
const created = await api.POST('/v1/tasks', { body: { title: 'Write the quarterly report', priority: 2 } });
if (created.error !== undefined) throw new Error(`create refused: ${created.error.error.code}`);
const task = created.data.data.task;

// List with filters: the query's names and types come from the document too.
const listed = await api.GET('/v1/tasks', { params: { query: { status: 0, priority: 2, limit: 10 } } });
if (listed.error !== undefined) throw new Error(`list refused: ${listed.error.error.code}`);

// A refusal is typed as the contract's error envelope: its code, and the fields at fault.
const refused = await api.POST('/v1/tasks', { body: { title: '' } });
const failure = refused.error?.error;

console.log(
  JSON.stringify({
    created: { id: task.id, title: task.title, priority: task.priority },
    listed: { ids: listed.data.data.tasks.map((each) => each.id), total: listed.data.data.pagination.total },
    refused: {
      status: refused.response.status,
      code: failure?.code,
      fields: failure?.details?.map((detail) => detail.field),
    },
  }),
);
