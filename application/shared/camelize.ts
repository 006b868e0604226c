type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The same object with snake_case keys turned into camelCase (`client_id` → `clientId`). */
export type Camelized<T> = { [K in keyof T as K extends string ? CamelCase<K> : K]: T[K] };

const camelKey = (key: string): string =>
  key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Wire bodies are snake_case, domain fields camelCase; only keys that are present are carried. */
export const camelize = <T extends object>(value: T): Camelized<T> =>
  Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([key, v]) => [camelKey(key), v]),
  ) as Camelized<T>;
