import type { Reply } from '../http/route.js';

/** What a tool call answers (MCP's CallToolResult): a short summary for the model, the answer as data. */
export interface ToolResult {
  readonly content: { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent: Record<string, unknown>;
  readonly isError?: true;
  readonly [key: string]: unknown;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `tasks` → `task`, `categories` → `category`. */
const singular = (plural: string): string =>
  plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.endsWith('s') ? plural.slice(0, -1) : plural;

const labelOf = (record: Json): string => {
  const label = record.title ?? record.name;
  return typeof label === 'string' && label !== ''
    ? ` “${label.length > 80 ? `${label.slice(0, 79)}…` : label}”`
    : '';
};

/** How the summary says what each action did to the record it answers with. */
const VERBS: Readonly<Record<string, string>> = {
  create: 'Created',
  update: 'Updated',
  replace: 'Replaced',
  change_status: 'Updated',
  rotate_secret: 'New secret for',
  retry_delivery: 'Sent again:',
};

/** What a task's status change did to the points, in one line. */
const feedbackLine = (feedback: unknown): string | null => {
  if (!isObject(feedback)) return null;
  const { points_awarded: points, total_points: total, level, streak_days: streak } = feedback;
  const levelName = isObject(level) && typeof level.name === 'string' ? `, level ${level.name}` : '';
  return `Points ${Number(points) >= 0 ? '+' : ''}${String(points)} (total ${String(total)}${levelName}, streak ${String(streak)} days).`;
};

/** One line that says what happened, from the answer's data (the full answer is the structured content). */
const summaryOf = (action: string, body: Json): string => {
  const data = body.data;
  if (!isObject(data)) return 'Done.';
  if (action === 'delete') return `Deleted ${typeof data.id === 'number' ? `record ${data.id}` : 'it'}.`;
  if (Array.isArray(data.results)) {
    const statuses = data.results.map((result) => (isObject(result) ? Number(result.status) : 0));
    const failed = statuses.filter((status) => status >= 400).length;
    return `${statuses.length} operations: ${statuses.length - failed} succeeded, ${failed} did not (see each result's status).`;
  }
  if (Array.isArray(data.groups))
    return `${data.groups.length} groups; totals ${JSON.stringify(data.totals)}.`;
  if (Array.isArray(data.changes))
    return `${data.changes.length} changes; ${data.has_more === true ? 'more: call again with since = next_since' : 'up to date'} (next_since ${String(data.next_since)}).`;
  for (const [name, items] of Object.entries(data)) {
    if (!Array.isArray(items)) continue;
    const page = isObject(data.pagination) ? data.pagination : {};
    const more = typeof page.next_cursor === 'string' ? `; more: pass cursor "${page.next_cursor}"` : '';
    const total = typeof page.total === 'number' ? ` of ${page.total}` : '';
    return `${items.length} ${name}${total}${more}.`;
  }
  for (const [name, fields] of Object.entries(data)) {
    if (!isObject(fields) || typeof fields.id !== 'number') continue;
    const line = `${VERBS[action] ?? 'Found'} ${singular(name)} ${fields.id}${labelOf(fields)}.`;
    const feedback = feedbackLine(body.gamification);
    return feedback === null ? line : `${line} ${feedback}`;
  }
  if (typeof data.total_points === 'number') return `${data.total_points} points.`;
  return 'Done.';
};

/** A refusal as the model reads it: the contract's code, its message, and each field's problem. */
const errorText = (status: number, body: Json): string => {
  const error = isObject(body.error) ? body.error : {};
  const details = Array.isArray(error.details)
    ? error.details
        .filter(isObject)
        .map((detail) => `\n- ${String(detail.field)}: ${String(detail.message)} (${String(detail.code)})`)
        .join('')
    : '';
  return `${String(error.code)} (HTTP ${status}): ${String(error.message)}${details}`;
};

/**
 * The tool's result for the route's answer: its body as the structured content (as HTTP answers it),
 * and a summary; a refusal is a tool error carrying the contract's code and message.
 */
export const toolResult = (action: string, reply: Reply): ToolResult => {
  const body: Json = isObject(reply.body) ? reply.body : {};
  if (reply.status >= 400)
    return {
      content: [{ type: 'text', text: errorText(reply.status, body) }],
      structuredContent: body,
      isError: true,
    };
  return { content: [{ type: 'text', text: summaryOf(action, body) }], structuredContent: body };
};
