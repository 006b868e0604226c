import type { ClientFields } from '../../../domain/workspace/records.js';
import { decodeWith } from '../../shared/decode.js';
import {
  activeCodec,
  descriptionCodec,
  emailCodec,
  nameCodec,
  namedRecordInputs,
  phoneCodec,
} from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** A client: name (required), email, phone, description, active. Referenced by tasks and records. */
const clientFields = {
  name: nameCodec,
  email: emailCodec,
  phone: phoneCodec,
  description: descriptionCodec,
  active: activeCodec,
};

const inputs = namedRecordInputs('Client', clientFields);
export const createClientInput = inputs.create;
export const updateClientInput = inputs.update;

export const clientKind: RecordKind<ClientFields, 'CLIENT_IN_USE'> = {
  resource: 'client',
  repository: (r) => r.clients,
  createInput: createClientInput,
  decodeCreate: drafting(createClientInput, (given) => ({
    given,
    fields: { email: null, phone: null, description: null, active: true, ...given },
  })),
  updateInput: updateClientInput,
  decodeUpdate: decodeWith(updateClientInput),
  inUseCode: 'CLIENT_IN_USE',
};
