import type { ClientFields } from '../../../domain/workspace/records.js';
import { object } from '../../shared/codecs.js';
import { decodeWith } from '../../shared/decode.js';
import {
  activeCodec,
  descriptionCodec,
  emailCodec,
  nameCodec,
  nameTopLevelCode,
  phoneCodec,
  RECORD_READ_ONLY_FIELDS,
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

export const createClientInput = object('CreateClientInput', clientFields, {
  ignored: RECORD_READ_ONLY_FIELDS,
  required: ['name'],
  topLevel: nameTopLevelCode,
});
export const updateClientInput = object('UpdateClientInput', clientFields, {
  ignored: RECORD_READ_ONLY_FIELDS,
  topLevel: nameTopLevelCode,
});

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
