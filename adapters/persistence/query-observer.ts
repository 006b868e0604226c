/** One statement the database ran, as the metrics and the debug log see it (never its parameters). */
export interface QuerySample {
  readonly sql: string;
  readonly durationMs: number;
  /** `write`: in a unit of work or the write side's single statements; `read`: the read side's. */
  readonly side: 'read' | 'write';
  readonly failed: boolean;
}

/** Told about every statement; must be cheap and must not throw. */
export type QueryObserver = (sample: QuerySample) => void;

/** `select`, `insert`, `begin`…: the statement's kind, a label of bounded cardinality. */
export const statementKind = (sql: string): string => {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(sql);
  const word = match?.[1]?.toLowerCase() ?? 'other';
  return KNOWN_KINDS.has(word) ? word : 'other';
};

const KNOWN_KINDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'pragma',
  'create',
  'alter',
  'drop',
]);
