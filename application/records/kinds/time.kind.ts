import type { TimeFields } from '../../../domain/workspace/records.js';
import { decodeWith } from '../../shared/decode.js';
import { duration } from '../../shared/fields.js';
import { descriptionCodec, linkCodecs, NO_LINKS, recordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** A time record: the time really spent (required), a description, a date and the four links. */
const timeFields = {
  timeReally: duration('TimeReally', 'Time actually spent, in seconds'),
  description: descriptionCodec,
  ...linkCodecs,
};

const inputs = recordInputs('Time', timeFields, { required: ['timeReally'] });
export const createTimeInput = inputs.create;
export const updateTimeInput = inputs.update;

export const timeKind: RecordKind<TimeFields, never> = {
  resource: 'time',
  repository: (r) => r.times,
  createInput: createTimeInput,
  decodeCreate: drafting(createTimeInput, (given) => ({
    given,
    fields: { description: null, date: null, ...NO_LINKS, ...given },
  })),
  updateInput: updateTimeInput,
  decodeUpdate: decodeWith(updateTimeInput),
};
