import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import { FieldCodec, object } from '../shared/codecs.js';
import { integer, text } from '../shared/fields.js';
import { problem } from '../shared/validation-detail.js';
import { SYNC_TOKEN_MAX_LENGTH } from './sync-token.js';

/** Changes per sync answer: at most, and unless told. */
export const SYNC_MAX_LIMIT = 1000;
export const SYNC_DEFAULT_LIMIT = 500;

const RESOURCES_TEXT_MAX_LENGTH = CHANGE_RESOURCES.join(',').length;

/** The resources a list names (one the codec below has checked), in the log's own order. */
export const resourcesIn = (list: string): ChangeResource[] => {
  const names = list.split(',').map((name) => name.trim());
  return CHANGE_RESOURCES.filter((resource) => names.includes(resource));
};

/**
 * `tasks,clients`: a comma list of resources, in any order. Decoded, it is spelled in the log's own
 * order, so that one choice has one spelling (and decoding it again changes nothing).
 */
const resourceList = new FieldCodec<string, string>(
  'SyncResources',
  {
    type: 'string',
    maxLength: RESOURCES_TEXT_MAX_LENGTH,
    description: `Comma list among ${CHANGE_RESOURCES.join(', ')}; default: every one the key can read`,
  },
  (value) => {
    const names = value.split(',').map((name) => name.trim());
    const known = names.every((name) => CHANGE_RESOURCES.some((resource) => resource === name));
    return known
      ? resourcesIn(value).join(',')
      : problem('OUT_OF_RANGE', `must name resources among ${CHANGE_RESOURCES.join(', ')}`);
  },
);

export const syncInput = object('SyncInput', {
  since: text(
    'SyncToken',
    SYNC_TOKEN_MAX_LENGTH,
    "An earlier answer's next_since: the changes after it; absent: from the beginning",
  ),
  resources: resourceList,
  limit: integer('SyncLimit', 1, SYNC_MAX_LIMIT, `Changes per answer, default ${SYNC_DEFAULT_LIMIT}`),
});
