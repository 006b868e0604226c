/** The document's opening text: what a consumer needs before the first call (Markdown). */
export const INTRODUCTION = `A JSON API over one personal workspace: tasks, clients, projects, notes, categories, cards,
time and money records. Every call acts for the user who owns the API key.

## Calling it
- **Keys** look like \`wsk_live_…\` and are created with the CLI (\`npm run cli -- keys create --user ada --scopes "tasks:*"\`).
  Send one as \`Authorization: Bearer <key>\` or \`X-API-Key: <key>\`.
- **Scopes** are \`<resource>:read\`, \`<resource>:write\` or \`<resource>:*\` for \`tasks\`, \`clients\`, \`projects\`,
  \`notes\`, \`categories\`, \`cards\`, \`times\`, \`moneys\`. Reads need read, changes need write; write does not imply read.
  Each operation below names its scope; a 403 lists the accepted ones in \`X-Accepted-Scopes\`.
- **Envelope**: \`{"success": true, "data": {…}}\`, or \`{"success": false, "error": {"code", "message", "details"?}}\`.
  Programs read \`error.code\`; \`details\` lists every failing field of a validation error.
- **Records of others** do not exist for you: 404 for a path id, 400 \`INVALID_REFERENCE\` for a referenced id.

## Values
- Field names are snake_case. Flags such as \`active\` are the integers 0 and 1 (\`active: 0\` = archived).
- Date-times answer as \`YYYY-MM-DD HH:MM:SS\`. \`created_at\`, \`updated_at\`, \`completed_at\` are UTC; a record's
  \`date\` is wall-clock time in the owner's timezone. Input also takes \`YYYY-MM-DDTHH:MM:SS\`, a bare day (midnight),
  and RFC 3339 with a zone (\`2026-11-22T14:00:00Z\`), which a \`date\` converts into the owner's timezone.
- Durations (\`time_planned\`, \`time_really\`) are \`H:MM:SS\` in, \`HH:MM:SS\` out. Money is a JSON number with at most
  two decimals, below 10^12.
- Task \`status\`: 0 new, 1 in progress, 2 done, 3 cancelled. Task \`priority\`: 1 critical, 2 this week, 3 optional,
  0 none. Money \`type\`: 1 income, 2 expense, 3 transfer (from \`card\` to \`to_card\`).
- Unknown body fields and query parameters are refused (400), so typos never pass silently; read-only fields a GET
  returns are accepted and ignored, so GET → edit → PUT works.

## Lists
\`limit\` (1..100, default 50) and \`offset\`; the answer's \`pagination\` has \`total\`, \`has_more\` and \`next_cursor\`.
Send \`next_cursor\` back as \`cursor\` (instead of \`offset\`) for the next page: a walk by cursor never repeats or
skips a record that stays unchanged, and each page costs the same however deep. A cursor only works with the filters
and sort it was made with (else 400 \`INVALID_CURSOR\`). Every list has a strong \`ETag\`; \`If-None-Match\` with it
answers 304 while nothing the list could show has changed.

## Syncing
\`GET /v1/sync\` answers what changed after \`since\` (a token from the last answer's \`next_since\`; without it, from the
beginning), each change with its record as \`GET\` shows it now, or \`null\` once deleted. Follow \`next_since\`
while \`has_more\`; applying the changes in order reproduces what the lists show, deletions included.

## Retries and concurrent edits
- **Idempotency-Key** on a POST makes a retry safe: the first answer is kept 24 h and replayed with
  \`Idempotent-Replayed: true\`; the same key with another body is 422, and 409 while the first is still running.
- **ETag** on every single-record answer. \`If-None-Match\` on a GET gives 304 when unchanged; \`If-Match\` on
  PATCH, PUT or DELETE gives 412 if the record changed since you read it (nothing is changed then).
- **Rate limit** per key per minute: \`X-RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` on every answer, 429 with
  \`Retry-After\` past it.

## Gamification
A status change answers \`gamification\` beside \`data\`: what it did to the points of the user whose key made it.
- Completing a task (status → 2) earns its priority's base (critical 30, this week 20, optional 10, none 10), +5 when
  the task has a date and is done on or before that day, and a streak bonus of min(10, 2 × streak days), where the
  streak already counts today.
- Leaving done takes back exactly what that completion earned (\`task_reopened\`, negative \`points_awarded\`); completing
  again earns anew. A task created as done earns nothing.
- \`streak_days\`: days in a row, in the user's timezone, with a completion that still stands, ending today or yesterday.
- Levels start at 0, 100, 250, 500, 1000, 2000, 3500, 5500, 8000, 11000 points, then every 5000 more: Beginner,
  Novice, Apprentice, Intermediate, Skilled, Professional, Expert, Master, Grand Master, then Enlightened.
- Achievements unlock once and stay: \`first_task\`, \`tasks_10\`, \`tasks_100\`, \`tasks_1000\` (tasks currently done),
  \`streak_3\`, \`streak_7\`, \`streak_30\`.`;

export const TAGS = [
  { name: 'Keys', description: 'The key a request comes with: whose it is, and what it may do.' },
  { name: 'Tasks', description: 'Tasks with their status history; a status change scores points.' },
  { name: 'Gamification', description: 'The points, level, streak and achievements of the key’s user.' },
  { name: 'Clients', description: 'The people or companies work is for.' },
  { name: 'Projects', description: 'Bodies of work, each with an optional client.' },
  { name: 'Notes', description: 'Free text, optionally linked to a client, project, task or category.' },
  { name: 'Categories', description: 'Labels for tasks and records.' },
  { name: 'Cards', description: 'Where money is kept: accounts a money record moves money from or to.' },
  { name: 'Time records', description: 'Time spent, linked to a task, project, client or category.' },
  { name: 'Money records', description: 'Income, expenses and transfers between cards.' },
  { name: 'Sync', description: 'What changed since the last sync, deletions included.' },
  {
    name: 'Agents',
    description:
      'The Model Context Protocol at `/mcp`: every operation of this API as a tool for AI agents, with the same keys and scopes.',
  },
  {
    name: 'Batch',
    description:
      'Up to 100 operations in one request, each answered as if sent alone; atomic by default, with `$ref` ids between them.',
  },
  {
    name: 'Webhooks',
    description:
      'Subscriptions that receive signed events as changes commit, their delivery log and retries. The events themselves are under `webhooks`.',
  },
  { name: 'System', description: 'Health and this description; no key needed.' },
] as const;
