import { CLIENT, MONEY, NAMED, NOTE, PROJECT, TIME } from '../openapi/resource-schemas.js';
import {
  presentClient,
  presentMoney,
  presentNamed,
  presentNote,
  presentProject,
  presentTime,
} from '../presenters/record.presenters.js';
import type { Route } from '../route.js';
import {
  clientWire,
  moneyWire,
  namedWire,
  noteFromTextWire,
  noteWire,
  projectWire,
  timeWire,
} from '../wire/record.wire.js';
import { preparedRoute, recordRoutes } from './record.routes.js';

/** Clients, projects, notes, categories, cards, time and money records, and the prepared contracts. */
export const workspaceRoutes: readonly Route[] = [
  ...recordRoutes({
    singular: 'client',
    plural: 'clients',
    operations: (session) => session.clients,
    wire: clientWire,
    present: presentClient,
    doc: {
      ...CLIENT,
      tag: 'Clients',
      noun: 'client',
      listDescription:
        'Active clients by default (`active=0` for archived ones), by name. `type` (alias `record_type`) orders them by their newest record of that type instead, newest first, clients without one last.',
      inUse: true,
    },
  }),
  ...recordRoutes({
    singular: 'project',
    plural: 'projects',
    operations: (session) => session.projects,
    wire: projectWire,
    present: presentProject,
    doc: {
      ...PROJECT,
      tag: 'Projects',
      noun: 'project',
      listDescription: 'By name; `active` filters on the project and its client together.',
      inUse: true,
    },
  }),
  ...recordRoutes({
    singular: 'note',
    plural: 'notes',
    operations: (session) => session.notes,
    wire: noteWire,
    present: presentNote,
    doc: {
      ...NOTE,
      tag: 'Notes',
      noun: 'note',
      listDescription: 'Newest first; `search` finds text in the name or description, case-insensitively.',
    },
  }),
  ...recordRoutes({
    singular: 'category',
    plural: 'categories',
    operations: (session) => session.categories,
    wire: namedWire,
    present: presentNamed,
    doc: {
      ...NAMED,
      example: { ...NAMED.example, name: 'Admin' },
      createExample: { name: 'Admin' },
      tag: 'Categories',
      noun: 'category',
      listDescription: 'Active categories by default (`active=0` for archived ones), by name.',
      inUse: true,
    },
  }),
  ...recordRoutes({
    singular: 'card',
    plural: 'cards',
    operations: (session) => session.cards,
    wire: namedWire,
    present: presentNamed,
    doc: {
      ...NAMED,
      schema: { ...NAMED.schema, title: 'Card' },
      tag: 'Cards',
      noun: 'card',
      listDescription: 'Active cards by default (`active=0` for archived ones), by name.',
      inUse: true,
    },
  }),
  ...recordRoutes({
    singular: 'time',
    plural: 'times',
    operations: (session) => session.times,
    wire: timeWire,
    present: presentTime,
    doc: {
      ...TIME,
      tag: 'Time records',
      noun: 'time record',
      listDescription:
        'By `date`, newest first (undated last), then by id; filters by link and by a range of days.',
    },
  }),
  ...recordRoutes({
    singular: 'money',
    plural: 'moneys',
    operations: (session) => session.moneys,
    wire: moneyWire,
    present: presentMoney,
    doc: {
      ...MONEY,
      tag: 'Money records',
      noun: 'money record',
      listDescription:
        'By `date`, newest first (undated last), then by id; filters by link, type, card (`card` or `to_card`) and a range of days. `type`: 1 income, 2 expense, 3 transfer from `card` to `to_card`.',
    },
  }),
  preparedRoute({
    path: '/public-api/v1/times',
    singular: 'time',
    operation: { group: 'times', name: 'create' },
    wire: timeWire.create,
    create: (session, input) => session.times.create(input),
    present: presentTime,
    doc: {
      ...TIME,
      tag: 'Time records',
      summary: 'Create a time record (prepared contract)',
      description: 'The same as `POST /v1/times`, at the path integrations were given first.',
    },
  }),
  preparedRoute({
    path: '/public-api/v1/moneys',
    singular: 'money',
    operation: { group: 'moneys', name: 'create' },
    wire: moneyWire.create,
    create: (session, input) => session.moneys.create(input),
    present: presentMoney,
    doc: {
      ...MONEY,
      tag: 'Money records',
      summary: 'Create a money record (prepared contract)',
      description: 'The same as `POST /v1/moneys`, at the path integrations were given first.',
    },
  }),
  preparedRoute({
    path: '/public-api/v1/notes',
    singular: 'note',
    operation: { group: 'notes', name: 'createFromText' },
    wire: noteFromTextWire,
    create: (session, input) => session.notes.createFromText(input),
    present: presentNote,
    doc: {
      ...NOTE,
      createExample: { description: 'They want the relaunch before the holidays.' },
      tag: 'Notes',
      summary: 'Create a note from text',
      description:
        'Only `description` is required; without a `name`, the note is named after the first line of it.',
    },
  }),
];
