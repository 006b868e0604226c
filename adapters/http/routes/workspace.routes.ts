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

/** Clients, projects, notes, categories, cards, and the prepared contracts. */
export const workspaceRoutes: readonly Route[] = [
  ...recordRoutes({
    path: '/v1/clients',
    singular: 'client',
    plural: 'clients',
    group: 'clients',
    operations: (session) => session.clients,
    wire: clientWire,
    present: presentClient,
  }),
  ...recordRoutes({
    path: '/v1/projects',
    singular: 'project',
    plural: 'projects',
    group: 'projects',
    operations: (session) => session.projects,
    wire: projectWire,
    present: presentProject,
  }),
  ...recordRoutes({
    path: '/v1/notes',
    singular: 'note',
    plural: 'notes',
    group: 'notes',
    operations: (session) => session.notes,
    wire: noteWire,
    present: presentNote,
  }),
  ...recordRoutes({
    path: '/v1/categories',
    singular: 'category',
    plural: 'categories',
    group: 'categories',
    operations: (session) => session.categories,
    wire: namedWire,
    present: presentNamed,
  }),
  ...recordRoutes({
    path: '/v1/cards',
    singular: 'card',
    plural: 'cards',
    group: 'cards',
    operations: (session) => session.cards,
    wire: namedWire,
    present: presentNamed,
  }),
  preparedRoute({
    path: '/public-api/v1/times',
    singular: 'time',
    operation: { group: 'times', name: 'create' },
    wire: timeWire,
    create: (session, input) => session.times.create(input),
    present: presentTime,
  }),
  preparedRoute({
    path: '/public-api/v1/moneys',
    singular: 'money',
    operation: { group: 'moneys', name: 'create' },
    wire: moneyWire,
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
