/**
 * Which record points at which: for every kind of record, the fields that hold another record's
 * id and the kind they point at. Written once; the reference checks, the "still in use" checks and
 * both persistence adapters read it from here.
 */
export const REFERENCES = {
  task: { clientId: 'client', categoryId: 'category', assigneeId: 'user', projectId: 'project' },
  client: {},
  project: { clientId: 'client' },
  category: {},
  card: {},
  note: { clientId: 'client', categoryId: 'category', taskId: 'task', projectId: 'project' },
  time: { clientId: 'client', categoryId: 'category', taskId: 'task', projectId: 'project' },
  money: {
    clientId: 'client',
    categoryId: 'category',
    taskId: 'task',
    card: 'card',
    toCard: 'card',
    projectId: 'project',
  },
} as const;

export type RecordKindName = keyof typeof REFERENCES;
export type ReferenceField<K extends RecordKindName> = keyof (typeof REFERENCES)[K] & string;
type ValueOf<T> = T[keyof T];
/** What a reference may point at: a record kind, or a user (a task's assignee). */
export type ReferenceTarget = { [K in RecordKindName]: ValueOf<(typeof REFERENCES)[K]> }[RecordKindName];

/** The reference fields of kind `K`, as values: an id, or null when unset. */
export type LinkValues<K extends RecordKindName> = { readonly [P in ReferenceField<K>]: number | null };

export interface Referrer {
  readonly kind: RecordKindName;
  readonly field: string;
}

/** Every (kind, field) that may point at a record of `target` (none for kinds nothing points at). */
export const referrersOf = (target: ReferenceTarget | RecordKindName): readonly Referrer[] =>
  Object.entries(REFERENCES).flatMap(([kind, fields]) =>
    Object.entries(fields)
      .filter(([, pointsAt]) => pointsAt === target)
      .map(([field]) => ({ kind: kind as RecordKindName, field })),
  );

/** The reference fields of a kind, in the order they are checked. */
export const referenceFieldsOf = <K extends RecordKindName>(
  kind: K,
): readonly (readonly [ReferenceField<K>, ReferenceTarget])[] =>
  Object.entries(REFERENCES[kind]) as [ReferenceField<K>, ReferenceTarget][];
