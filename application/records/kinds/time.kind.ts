import type { TimeFields } from '../../../domain/workspace/records.js';
import { object } from '../../shared/codecs.js';
import { decodeWith } from '../../shared/decode.js';
import { duration } from '../../shared/fields.js';
import { descriptionCodec, linkCodecs, NO_LINKS, RECORD_READ_ONLY_FIELDS } from '../record-fields.js';
import type { RecordKind } from '../record-kind.js';
import { drafting } from './drafting.js';

/** A time record: the time really spent (required), a description, a date and the four links. */
const timeFields = {
  timeReally: duration('TimeReally', 'Time actually spent, in seconds'),
  description: descriptionCodec,
  ...linkCodecs,
};

export const createTimeInput = object('CreateTimeInput', timeFields, {
  ignored: RECORD_READ_ONLY_FIELDS,
  required: ['timeReally'],
});

export const updateTimeInput = object('UpdateTimeInput', timeFields, { ignored: RECORD_READ_ONLY_FIELDS });

export const timeKind: RecordKind<TimeFields> = {
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
