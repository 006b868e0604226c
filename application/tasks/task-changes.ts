import type * as t from 'io-ts';
import type { TaskFields } from '../../domain/task/task.js';
import type { Placed } from '../shared/wall-clock.js';
import type { updateTaskInput } from './task.codecs.js';

/** A decoded task body; a `date` given with a zone is not placed in the owner's timezone yet. */
export type TaskBody = t.TypeOf<typeof updateTaskInput>;

/** The writable fields present in a placed body (`status` goes its own way). */
export const changesFrom = ({ status: _status, ...fields }: Placed<TaskBody>): Partial<TaskFields> => fields;
