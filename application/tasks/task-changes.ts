import type * as t from 'io-ts';
import type { TaskFields } from '../../domain/task/task.js';
import type { updateTaskInput } from './task.codecs.js';

export type TaskBody = t.TypeOf<typeof updateTaskInput>;

/** The writable fields present in a decoded input (`status` goes its own way). */
export const changesFrom = ({ status: _status, ...fields }: TaskBody): Partial<TaskFields> => fields;
