import type * as t from 'io-ts';
import type { ClientFields } from '../../../domain/workspace/records.js';
import {
  activeCodec,
  descriptionCodec,
  emailCodec,
  nameCodec,
  namedRecordInputs,
  phoneCodec,
} from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';

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
export type CreateClientBody = t.TypeOf<typeof createClientInput>;

export const clientKind: RecordKind<ClientFields, 'CLIENT_IN_USE', CreateClientBody> = {
  resource: 'client',
  repository: (r) => r.clients,
  draft: (given) => ({
    given,
    fields: { email: null, phone: null, description: null, active: true, ...given },
  }),
  inUseCode: 'CLIENT_IN_USE',
};
