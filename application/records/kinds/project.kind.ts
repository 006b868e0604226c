import type * as t from 'io-ts';
import type { ProjectFields } from '../../../domain/workspace/records.js';
import { nullable } from '../../shared/codecs.js';
import { recordId } from '../../shared/fields.js';
import { activeCodec, descriptionCodec, nameCodec, namedRecordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';

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
export type CreateProjectBody = t.TypeOf<typeof createProjectInput>;

export const projectKind: RecordKind<ProjectFields, 'PROJECT_IN_USE', CreateProjectBody> = {
  resource: 'project',
  repository: (r) => r.projects,
  draft: (given) => ({
    given,
    fields: { clientId: null, description: null, active: true, ...given },
  }),
  inUseCode: 'PROJECT_IN_USE',
};
