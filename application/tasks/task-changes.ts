import type * as t from 'io-ts';
import type { TaskFields } from '../../domain/task/task.js';
import { camelize } from '../shared/camelize.js';
import type { patchTaskBody } from './task.codecs.js';

export type TaskBody = t.TypeOf<typeof patchTaskBody>;

/** The writable fields present in a decoded body, in domain terms (`status` goes its own way). */
export const changesFrom = ({ status: _status, ...fields }: TaskBody): Partial<TaskFields> =>
  camelize(fields);
