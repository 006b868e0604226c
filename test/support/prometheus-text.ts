/** The value of one sample line (`name{labels} value`) in Prometheus exposition text, or null. */
export const sample = (text: string, line: string): number | null => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};
