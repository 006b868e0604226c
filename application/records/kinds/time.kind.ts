import type * as t from 'io-ts';
import type { TimeFields } from '../../../domain/workspace/records.js';
import { duration } from '../../shared/fields.js';
import { descriptionCodec, linkCodecs, NO_LINKS, recordInputs } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';

/** A time record: the time really spent (required), a description, a date and the four links. */
const timeFields = {
  timeReally: duration('TimeReally', 'Time actually spent, in seconds'),
  description: descriptionCodec,
  ...linkCodecs,
};

const inputs = recordInputs('Time', timeFields, { required: ['timeReally'] });
export const createTimeInput = inputs.create;
export const updateTimeInput = inputs.update;
export type CreateTimeBody = t.TypeOf<typeof createTimeInput>;

export const timeKind: RecordKind<TimeFields, never, CreateTimeBody> = {
  resource: 'time',
  repository: (r) => r.times,
  draft: (given) => ({
    given,
    fields: { description: null, date: null, ...NO_LINKS, ...given },
  }),
};
