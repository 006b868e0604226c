/**
 * A presenter that presents each object once. The read side hands out the same object for a row
 * read again unchanged (VersionedRows), so the object's wire form is kept beside it, for as long as
 * the object lives. Answers are shared between requests: treat them as read-only.
 */
export const presentedOnce = <T extends object, W>(present: (value: T) => W): ((value: T) => W) => {
  const presented = new WeakMap<T, W>();
  return (value) => {
    let wire = presented.get(value);
    if (wire === undefined) {
      wire = present(value);
      presented.set(value, wire);
    }
    return wire;
  };
};
