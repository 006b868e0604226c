import type { ChangeResource } from '../../../application/ports/change-log.port.js';
import { taskStatusCodec } from '../../../application/tasks/task.codecs.js';
import { TASK_EXAMPLE } from '../presenters/task.presenter.js';
import { clientWire, moneyWire, namedWire, noteWire, projectWire, timeWire } from '../wire/record.wire.js';
import { taskWire } from '../wire/task.wire.js';
import { type JsonSchema, orNull } from './json-schema.js';
import { closedObject, ID, recordSchema, SERVER_INSTANT, TIMESTAMPS, titled } from './response-schemas.js';

/** Each resource as answered, with an example that the drift tests hold to its schema. */
export interface ResourceDoc {
  readonly schema: JsonSchema;
  readonly example: Readonly<Record<string, unknown>>;
  /** A body for its create operation. */
  readonly createExample: Readonly<Record<string, unknown>>;
}

const STATUS: JsonSchema = {
  type: 'integer',
  enum: taskStatusCodec.schema.enum,
  description: taskStatusCodec.schema.description,
};

const CREATED = { created_at: '2026-11-20 09:15:00', updated_at: '2026-11-22 16:40:12' };
const LINKS = { client_id: 3, project_id: 7, task_id: 42, category_id: null };

export const TASK: ResourceDoc = {
  schema: titled(
    'Task',
    recordSchema(
      {
        id: ID,
        owner_id: { ...ID, description: 'The user who owns the task.' },
        client_task_id: {
          ...ID,
          description: 'The task’s number within its client (or the owner’s tasks without one).',
        },
        client_task_id_formatted: {
          type: 'string',
          pattern: '^#[1-9]\\d*$',
          description: '`client_task_id` as people write it: `#12`.',
        },
        completed_at: {
          ...orNull(SERVER_INSTANT),
          description: 'When it last became done; null unless done.',
        },
        ...TIMESTAMPS,
      },
      taskWire.replace,
      { after: ['completed_at'] },
    ),
  ),
  example: TASK_EXAMPLE,
  // Examples name no other record: the docs page's Try-it-out sends them to a workspace that may be empty.
  createExample: {
    title: 'Send the November invoice',
    date: '2026-11-25 10:00:00',
    priority: 1,
    time_planned: '1:30:00',
  },
};

export const HISTORY_ENTRY: JsonSchema = titled(
  'TaskHistoryEntry',
  closedObject({
    id: ID,
    task_id: ID,
    from_status: { ...orNull(STATUS), description: 'Null on the entry written when the task was created.' },
    to_status: STATUS,
    changed_by: { ...ID, description: 'The user whose key made the change.' },
    changed_at: SERVER_INSTANT,
  }),
);

export const HISTORY_EXAMPLE = {
  id: 91,
  task_id: 42,
  from_status: 0,
  to_status: 1,
  changed_by: 1,
  changed_at: '2026-11-22 16:40:12',
};

const NAMED_EXAMPLE = { description: null, active: 1, ...CREATED };

export const CLIENT: ResourceDoc = {
  schema: titled('Client', recordSchema({ id: ID, ...TIMESTAMPS }, clientWire.update)),
  example: {
    id: 3,
    name: 'Northwind Ltd',
    email: 'billing@northwind.test',
    phone: '+44 20 7946 0000',
    ...NAMED_EXAMPLE,
  },
  createExample: { name: 'Northwind Ltd', email: 'billing@northwind.test' },
};

export const PROJECT: ResourceDoc = {
  schema: titled('Project', recordSchema({ id: ID, ...TIMESTAMPS }, projectWire.update)),
  example: { id: 7, name: 'Website relaunch', client_id: 3, ...NAMED_EXAMPLE },
  createExample: { name: 'Website relaunch', description: 'New pages before the holidays.' },
};

export const NOTE: ResourceDoc = {
  schema: titled('Note', recordSchema({ id: ID, ...TIMESTAMPS }, noteWire.update)),
  example: {
    id: 5,
    name: 'Call notes',
    description: 'They want the relaunch before the holidays.',
    active: 1,
    date: '2026-11-22 15:00:00',
    ...LINKS,
    ...CREATED,
  },
  createExample: { name: 'Call notes', description: 'They want the relaunch before the holidays.' },
};

/** Categories and cards. */
export const NAMED: ResourceDoc = {
  schema: titled('Category', recordSchema({ id: ID, ...TIMESTAMPS }, namedWire.update)),
  example: { id: 2, name: 'Company card', ...NAMED_EXAMPLE },
  createExample: { name: 'Company card' },
};

export const TIME: ResourceDoc = {
  schema: titled('TimeRecord', recordSchema({ id: ID, ...TIMESTAMPS }, timeWire.update)),
  example: {
    id: 17,
    time_really: '1:45:00',
    description: 'Invoice and time sheet',
    date: '2026-11-22 14:00:00',
    ...LINKS,
    ...CREATED,
  },
  createExample: {
    time_really: '1:45:00',
    description: 'Invoice and time sheet',
    date: '2026-11-22 14:00:00',
  },
};

export const MONEY: ResourceDoc = {
  schema: titled('MoneyRecord', recordSchema({ id: ID, ...TIMESTAMPS }, moneyWire.update)),
  example: {
    id: 8,
    type: 1,
    price: 1250,
    card: 2,
    to_card: null,
    description: 'November invoice paid',
    date: '2026-11-23 09:00:00',
    ...LINKS,
    ...CREATED,
  },
  createExample: { type: 1, price: 1250, description: 'November invoice paid' },
};

/** Each resource's record schema, for answers that carry records of any resource (sync, webhooks). */
export const RECORD_DOCS: { readonly [R in ChangeResource]: ResourceDoc } = {
  tasks: TASK,
  clients: CLIENT,
  projects: PROJECT,
  notes: NOTE,
  categories: NAMED,
  cards: NAMED,
  times: TIME,
  moneys: MONEY,
};
