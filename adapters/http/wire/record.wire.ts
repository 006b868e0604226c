import { createClientInput, updateClientInput } from '../../../application/records/kinds/client.kind.js';
import { createMoneyInput, updateMoneyInput } from '../../../application/records/kinds/money.kind.js';
import { createNamedInput, updateNamedInput } from '../../../application/records/kinds/named.kind.js';
import {
  createNoteFromTextInput,
  createNoteInput,
  updateNoteInput,
} from '../../../application/records/kinds/note.kind.js';
import { createProjectInput, updateProjectInput } from '../../../application/records/kinds/project.kind.js';
import { createTimeInput, updateTimeInput } from '../../../application/records/kinds/time.kind.js';
import {
  listClientsInput,
  listMoneysInput,
  listNamedInput,
  listNotesInput,
  listProjectsInput,
  listTimesInput,
} from '../../../application/records/list-queries.js';
import { type WireCodec, wireBody, wireQuery } from './wire-codecs.js';

/** Read-only fields every record returns; accepted and ignored in bodies. */
const ignored = ['id', 'owner_id', 'created_at', 'updated_at'];

export interface RecordWire<Create, Update, Query> {
  readonly create: WireCodec<Create>;
  readonly update: WireCodec<Update>;
  readonly list: WireCodec<Query>;
}

/** Clients, projects, notes, categories, cards and the prepared contracts on the wire. */
export const clientWire = {
  create: wireBody(createClientInput, { ignored }),
  update: wireBody(updateClientInput, { ignored }),
  // `type` and `record_type` are the same parameter; both given and different is an error.
  list: wireQuery(listClientsInput, {
    names: { orderByLatest: 'type' },
    aliases: { record_type: 'orderByLatest' },
  }),
};

export const projectWire = {
  create: wireBody(createProjectInput, { ignored }),
  update: wireBody(updateProjectInput, { ignored }),
  list: wireQuery(listProjectsInput),
};

export const namedWire = {
  create: wireBody(createNamedInput, { ignored }),
  update: wireBody(updateNamedInput, { ignored }),
  list: wireQuery(listNamedInput),
};

export const noteWire = {
  create: wireBody(createNoteInput, { ignored }),
  update: wireBody(updateNoteInput, { ignored }),
  list: wireQuery(listNotesInput),
};

export const noteFromTextWire = wireBody(createNoteFromTextInput, { ignored });

/** `POST /v1/times` takes the body of the prepared contract `POST /public-api/v1/times/`. */
export const timeWire = {
  create: wireBody(createTimeInput, { ignored }),
  update: wireBody(updateTimeInput, { ignored }),
  list: wireQuery(listTimesInput),
};

/** `POST /v1/moneys` takes the body of the prepared contract `POST /public-api/v1/moneys/`. */
export const moneyWire = {
  create: wireBody(createMoneyInput, { ignored }),
  update: wireBody(updateMoneyInput, { ignored }),
  list: wireQuery(listMoneysInput),
};
