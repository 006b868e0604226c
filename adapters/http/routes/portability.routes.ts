import { Readable } from 'node:stream';
import { EXPORT_SECTIONS } from '../../../application/ports/workspace-export.port.js';
import { success } from '../envelope.js';
import { closedObject } from '../openapi/response-schemas.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportDocument,
  presentImportSummary,
} from '../presenters/export-document.js';
import { type ApiRequest, type Reply, type Route, respond } from '../route.js';
import { SpooledUpload } from '../upload-spool.js';
import { readImportDocument } from '../wire/import-document.js';

/** The largest document an import takes (CONTRACT §12): on this route alone. */
export const IMPORT_LIMIT_BYTES = 256 * 1024 * 1024;

const IMPORT_SUMMARY = closedObject({
  imported: closedObject(
    Object.fromEntries(EXPORT_SECTIONS.map((section) => [section, { type: 'integer', minimum: 0 }])),
  ),
  warnings: {
    type: 'array',
    items: closedObject({
      code: { type: 'string', enum: ['ASSIGNEE_DROPPED'] },
      count: { type: 'integer', minimum: 1 },
      message: { type: 'string' },
    }),
  },
});

/** The document as the upload holds it, read as a stream in one unit of work. */
const importUpload = ({ session, body }: ApiRequest): Promise<Reply> => {
  if (!(body instanceof SpooledUpload)) throw new Error('the import route reads an upload');
  return respond(session.workspace.import(readImportDocument(body.read())), (summary) => ({
    status: 201,
    body: success(presentImportSummary(summary)),
  }));
};

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

const IMPORT_EXAMPLE = {
  imported: Object.fromEntries(EXPORT_SECTIONS.map((section) => [section, 0])),
  warnings: [],
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
  {
    method: 'POST',
    url: '/v1/import',
    operation: { group: 'workspace', name: 'import' },
    streamed: true,
    uploadLimitBytes: IMPORT_LIMIT_BYTES,
    doc: {
      tag: 'Backup and moving',
      summary: 'Import an export document',
      description:
        "Stores the document `GET /v1/export` wrote (up to 256 MiB) in the key's owner's workspace, which must have no records yet (else 409 `WORKSPACE_NOT_EMPTY`): all of it in one transaction, or nothing. Records get new ids and every reference follows; task numbers, creation and change times, completion times, the status history and the gamification profile are kept, and the owner's timezone becomes the document's. A task's `assignee_id` (a user of the instance it came from) is dropped and counted in `warnings`. A document with problems answers 400 `VALIDATION_ERROR` naming each by its place (`tasks[3].title`), and stores nothing. Needs every resource's write scope. Takes no `Idempotency-Key`: a second import of the same document meets a workspace that is no longer empty.",
      bodySchema: DOCUMENT,
      bodyExample: EXAMPLE,
      answer: { status: 201, data: IMPORT_SUMMARY, example: IMPORT_EXAMPLE },
    },
    handle: importUpload,
  },
];
