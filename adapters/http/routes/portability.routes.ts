import { Readable } from 'node:stream';
import { EXPORT_SECTIONS } from '../../../application/ports/workspace-export.port.js';
import { closedObject } from '../openapi/response-schemas.js';
import { EXPORT_FORMAT, EXPORT_VERSION, exportDocument } from '../presenters/export-document.js';
import { type Route, respond } from '../route.js';

const SECTION = (what: string) => ({
  type: 'array',
  items: { type: 'object' },
  description: `${what}, each as \`GET\` answers it, by id.`,
});

const DOCUMENT = closedObject({
  format: { const: EXPORT_FORMAT },
  version: { const: EXPORT_VERSION },
  exported_at: { type: 'string', format: 'date-time' },
  user: closedObject({ name: { type: 'string' }, timezone: { type: 'string' } }),
  ...Object.fromEntries(EXPORT_SECTIONS.map((section) => [section, SECTION(`The owner's ${section}`)])),
  gamification: closedObject({
    total_points: { type: 'integer' },
    best_streak_days: { type: 'integer' },
    achievements: {
      type: 'array',
      items: closedObject({ code: { type: 'string' }, unlocked_at: { type: 'string' } }),
    },
    completions: {
      type: 'array',
      description: 'The completions whose points stand.',
      items: closedObject({
        task_id: { type: 'integer' },
        day: { type: 'string' },
        points: { type: 'integer' },
        completed_at: { type: 'string' },
      }),
    },
  }),
});

const EXAMPLE = {
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exported_at: '2026-11-29T10:00:00.000Z',
  user: { name: 'alice', timezone: 'Europe/Berlin' },
  ...Object.fromEntries(EXPORT_SECTIONS.map((section) => [section, []])),
  gamification: { total_points: 0, best_streak_days: 0, achievements: [], completions: [] },
};

const EXPORT_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-disposition': 'attachment; filename="workspace-export.json"',
};

export const portabilityRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/export',
    operation: { group: 'workspace', name: 'export' },
    streamed: true,
    doc: {
      tag: 'Backup and moving',
      summary: 'Export the workspace',
      description:
        "Every record of the key's owner — clients, projects, categories, cards, their own tasks (not those others assigned to them) with every status history entry, notes, time and money records — each as `GET` answers it, and the gamification profile with the completions that stand: a backup, or a workspace to move with `POST /v1/import`. Written as it is read (a large workspace starts arriving at once), as an attachment.",
      answer: { status: 200, data: DOCUMENT, example: EXAMPLE, bare: true },
    },
    handle: ({ session }) =>
      respond(session.workspace.export(), (exported) => ({
        status: 200,
        body: Readable.from(exportDocument(exported)),
        headers: EXPORT_HEADERS,
      })),
  },
];
