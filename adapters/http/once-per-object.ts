/**
 * `derive`, worked out once per object and kept beside it for as long as the object lives
 * (a WeakMap). The read side hands out the same object for a row read again unchanged
 * (VersionedRows), so what the HTTP edge derives from it — its wire form, the wire form's bytes and
 * ETag — is derived once. Objects are never changed after they are made: treat what is derived,
 * which requests share, as read-only too.
 */
export const oncePerObject = <T extends object, D>(derive: (value: T) => D): ((value: T) => D) => {
  const derived = new WeakMap<T, D>();
  return (value) => {
    let kept = derived.get(value);
    if (kept === undefined) {
      kept = derive(value);
      derived.set(value, kept);
    }
    return kept;
  };
};
