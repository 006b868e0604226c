/**
 * JSON of `value` with object keys in order, so that one query has one spelling whatever its order.
 * Every list request spells its query twice (its version and its cursor's binding), so it is written
 * with plain loops rather than chains of array copies.
 */
export const canonical = (value: unknown): string => {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let text = '[';
    for (let index = 0; index < value.length; index++)
      text += `${index === 0 ? '' : ','}${canonical(value[index])}`;
    return `${text}]`;
  }
  if (typeof value === 'object' && value !== null) {
    // trust boundary: an object's own enumerable properties, read by the names `Object.keys` gave.
    const fields = value as Readonly<Record<string, unknown>>;
    let text = '{';
    for (const key of Object.keys(fields).sort()) {
      const field = fields[key];
      if (field !== undefined) text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:${canonical(field)}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value);
};

/** A 53-bit string hash (cyrb53): spreads close inputs apart; not a secret, only a name. */
const hash53 = (text: string, seed = 0): number => {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
};

/** The checksum of `value` in its canonical spelling, in base 36. */
export const checksumOf = (value: unknown): string => hash53(canonical(value)).toString(36);
