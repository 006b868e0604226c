import type * as t from 'io-ts';
import { nameFromDescription } from '../../../domain/workspace/note-name.js';
import type { NoteFields } from '../../../domain/workspace/records.js';
import { object } from '../../shared/codecs.js';
import { DESCRIPTION_MAX_LENGTH, requiredText } from '../../shared/fields.js';
import {
  activeCodec,
  descriptionCodec,
  linkCodecs,
  NO_LINKS,
  nameCodec,
  namedRecordInputs,
  RECORD_READ_ONLY_FIELDS,
} from '../record-fields.js';
import type { CreatableKind, RecordKind } from '../record-kind.js';

/** A note: name (required), text, active, a date and links to a client, project, task and category. */
const noteFields = { name: nameCodec, description: descriptionCodec, active: activeCodec, ...linkCodecs };
const noteDefaults = { description: null, active: true, date: null, ...NO_LINKS };

const inputs = namedRecordInputs('Note', noteFields);
export const createNoteInput = inputs.create;
export const updateNoteInput = inputs.update;
export type CreateNoteBody = t.TypeOf<typeof createNoteInput>;

export const noteKind: RecordKind<NoteFields, never, CreateNoteBody> = {
  resource: 'note',
  repository: (r) => r.notes,
  draft: (given) => ({ given, fields: { ...noteDefaults, ...given } }),
};

export const createNoteFromTextInput = object(
  'CreateNoteFromTextInput',
  { ...noteFields, description: requiredText('NoteText', DESCRIPTION_MAX_LENGTH, 'The note itself') },
  {
    ignored: RECORD_READ_ONLY_FIELDS,
    required: ['description'],
    topLevel: (details) =>
      details.some((d) => d.field === 'description' && d.code === 'REQUIRED')
        ? 'DESCRIPTION_REQUIRED'
        : 'VALIDATION_ERROR',
  },
);

export type CreateNoteFromTextBody = t.TypeOf<typeof createNoteFromTextInput>;

/** The prepared contract: the text is required and the name, when absent, is its first line. */
export const noteFromTextKind: CreatableKind<NoteFields, CreateNoteFromTextBody> = {
  resource: 'note',
  repository: (r) => r.notes,
  draft: (given) => ({
    given,
    fields: { ...noteDefaults, name: nameFromDescription(given.description), ...given },
  }),
};
