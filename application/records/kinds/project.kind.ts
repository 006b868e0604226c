import type { ProjectFields } from '../../../domain/workspace/records.js';
import { nullable } from '../../shared/codecs.js';
import { decodeWith } from '../../shared/decode.js';
import { recordId } from '../../shared/fields.js';
import { activeCodec, descriptionCodec, nameCodec, namedRecordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** A project: name (required), an optional client, description, active. */
const projectFields = {
  name: nameCodec,
  clientId: nullable(recordId('ClientId')),
  description: descriptionCodec,
  active: activeCodec,
};

const inputs = namedRecordInputs('Project', projectFields);
export const createProjectInput = inputs.create;
export const updateProjectInput = inputs.update;

export const projectKind: RecordKind<ProjectFields, 'PROJECT_IN_USE'> = {
  resource: 'project',
  repository: (r) => r.projects,
  createInput: createProjectInput,
  decodeCreate: drafting(createProjectInput, (given) => ({
    given,
    fields: { clientId: null, description: null, active: true, ...given },
  })),
  updateInput: updateProjectInput,
  decodeUpdate: decodeWith(updateProjectInput),
  inUseCode: 'PROJECT_IN_USE',
};
