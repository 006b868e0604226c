/**
 * A copy of a value: plain objects, arrays and dates copied all the way down; numbers, strings and
 * other immutable values as they are. What a store keeps and what a host receives are plain objects
 * of such values, so this copies them whole, several times faster than `structuredClone` (which
 * serialises and reads back): a list hands out a page of tasks on every call.
 */
const copied = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  if (Object.getPrototypeOf(value) === Object.prototype) {
    // Spread first (the engine copies a record's fields at once), then copy what is itself
    // mutable: a record's fields are mostly numbers and strings, its dates the few to copy again.
    const copy: Record<string, unknown> = { ...value };
    for (const key in copy) {
      const field = copy[key];
      if (typeof field === 'object' && field !== null) copy[key] = copied(field);
    }
    return copy;
  }
  if (Array.isArray(value)) return value.map(copied);
  if (value instanceof Date) return new Date(value.getTime());
  // Instances of other classes (value objects) are immutable: shared as they are.
  return value;
};

// trust boundary: a copy of a T is a T: the same keys, the same kinds of values.
export const copyOf = <T>(value: T): T => copied(value) as T;
