import { RECORD_RESOURCES, type RecordResource } from '../api-key/scope.js';

/** Each resource's name in an event type: `task.created`, `client.deleted`, … */
export const EVENT_NAME_OF: Readonly<Record<RecordResource, string>> = {
  tasks: 'task',
  clients: 'client',
  projects: 'project',
  notes: 'note',
  categories: 'category',
  cards: 'card',
  times: 'time',
  moneys: 'money',
};

const OPERATIONS = ['created', 'updated', 'deleted'] as const;
export type RecordOperation = (typeof OPERATIONS)[number];

/** Every event a subscription can ask for (CONTRACT §10): a task's status change has its own. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = RECORD_RESOURCES.flatMap((resource) => {
  const name = EVENT_NAME_OF[resource];
  const types = OPERATIONS.map((operation) => `${name}.${operation}`);
  return resource === 'tasks' ? [...types.slice(0, 2), 'task.status_changed', types[2] as string] : types;
});

/** Subscribes to every event, present and future. */
export const ALL_EVENTS = '*';

export const isEventType = (text: string): boolean => WEBHOOK_EVENT_TYPES.includes(text);

/** How a task's status moved in a write, and whether the write changed other fields of it too. */
export interface StatusMove {
  /** Null for a task that had no status before (never, for a stored task). */
  readonly from: number | null;
  readonly to: number;
  /** The write changed more than the status: it also sends `task.updated`. */
  readonly otherFields: boolean;
}

/**
 * The events one logged change sends: its operation's, except that a task's status change sends
 * `task.status_changed`, and `task.updated` as well only when other fields changed with it.
 */
export const eventTypesOf = (
  resource: RecordResource,
  operation: RecordOperation,
  move: StatusMove | null,
): readonly string[] => {
  const plain = `${EVENT_NAME_OF[resource]}.${operation}`;
  if (resource !== 'tasks' || operation !== 'updated' || move === null) return [plain];
  return move.otherFields ? ['task.status_changed', plain] : ['task.status_changed'];
};

/** Whether a subscription to `events` (types, or `*`) receives `type`. */
export const subscribesTo = (events: readonly string[], type: string): boolean =>
  events.includes(ALL_EVENTS) || events.includes(type);
