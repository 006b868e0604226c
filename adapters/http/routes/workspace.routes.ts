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
  }),
  ...recordRoutes({
    singular: 'project',
    plural: 'projects',
    operations: (session) => session.projects,
    wire: projectWire,
    present: presentProject,
  }),
  ...recordRoutes({
    singular: 'note',
    plural: 'notes',
    operations: (session) => session.notes,
    wire: noteWire,
    present: presentNote,
  }),
  ...recordRoutes({
    singular: 'category',
    plural: 'categories',
    operations: (session) => session.categories,
    wire: namedWire,
    present: presentNamed,
  }),
  ...recordRoutes({
    singular: 'card',
    plural: 'cards',
    operations: (session) => session.cards,
    wire: namedWire,
    present: presentNamed,
  }),
  ...recordRoutes({
    singular: 'time',
    plural: 'times',
    operations: (session) => session.times,
    wire: timeWire,
    present: presentTime,
  }),
  ...recordRoutes({
    singular: 'money',
    plural: 'moneys',
    operations: (session) => session.moneys,
    wire: moneyWire,
    present: presentMoney,
  }),
  preparedRoute({
    path: '/public-api/v1/times',
    singular: 'time',
    operation: { group: 'times', name: 'create' },
    wire: timeWire.create,
    create: (session, input) => session.times.create(input),
    present: presentTime,
  }),
  preparedRoute({
    path: '/public-api/v1/moneys',
    singular: 'money',
    operation: { group: 'moneys', name: 'create' },
    wire: moneyWire.create,
    create: (session, input) => session.moneys.create(input),
    present: presentMoney,
  }),
  preparedRoute({
    path: '/public-api/v1/notes',
    singular: 'note',
    operation: { group: 'notes', name: 'createFromText' },
    wire: noteFromTextWire,
    create: (session, input) => session.notes.createFromText(input),
    present: presentNote,
  }),
];
