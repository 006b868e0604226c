import { cpus, totalmem } from 'node:os';
import type { Measured } from './load.js';

export interface ComparedRow {
  readonly scenario: string;
  readonly kind: 'read' | 'write' | 'mixed';
  readonly service: Measured;
  readonly ceiling: Measured;
  readonly static: Measured;
  /** The service's rate over the ceiling's and over the static one's (medians of each round's). */
  readonly ofCeiling: number;
  readonly ofStatic: number;
}

export interface ScaleRow {
  readonly scenario: string;
  /** The service's, by the owner's task count. */
  readonly byTasks: Readonly<Record<number, Measured>>;
  /** The SQL ceiling's, by the owner's task count. */
  readonly ceilingByTasks: Readonly<Record<number, Measured>>;
}

const rate = (value: number) => (value >= 1000 ? `${(value / 1000).toFixed(1)}k` : value.toFixed(0));
const ratio = (part: number, whole: number) => (whole > 0 ? (part / whole).toFixed(2) : '-');
const fraction = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '-');
const ms = (value: number) => value.toFixed(value < 10 ? 1 : 0);
const cpu = (value: number | null) => (value === null ? '-' : value.toFixed(0));

const table = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

export const comparedTable = (rows: readonly ComparedRow[]): string =>
  table(
    [
      'scenario',
      'service req/s',
      'ceiling req/s',
      'of ceiling',
      'static req/s',
      'of static',
      'p50 ms',
      'p99 ms',
      'RSS MB',
      'CPU µs/req service / ceiling',
      'non-2xx',
    ],
    rows.map((row) => [
      row.scenario,
      rate(row.service.requestsPerSecond),
      rate(row.ceiling.requestsPerSecond),
      fraction(row.ofCeiling),
      rate(row.static.requestsPerSecond),
      fraction(row.ofStatic),
      ms(row.service.p50Ms),
      ms(row.service.p99Ms),
      (row.service.peakRssMb ?? 0).toFixed(0),
      `${cpu(row.service.cpuUsPerRequest)} / ${cpu(row.ceiling.cpuUsPerRequest)}`,
      String(row.service.non2xx + row.ceiling.non2xx),
    ]),
  );

/** Each size's figure of the service and of the ceiling, as `service / ceiling`. */
export const scaleTable = (rows: readonly ScaleRow[], sizes: readonly number[]): string => {
  const first = sizes[0] as number;
  const last = sizes[sizes.length - 1] as number;
  const growth = (byTasks: ScaleRow['byTasks']) =>
    ratio(byTasks[last]?.p99Ms ?? 0, byTasks[first]?.p99Ms ?? 0);
  const both = (row: ScaleRow, n: number, figure: (measured: Measured | undefined) => string) =>
    `${figure(row.byTasks[n])} / ${figure(row.ceilingByTasks[n])}`;
  return table(
    [
      'scenario',
      ...sizes.map((n) => `p99 ms at ${rate(n)}`),
      ...sizes.map((n) => `req/s at ${rate(n)}`),
      `p99 ${rate(last)} / ${rate(first)}`,
    ],
    rows.map((row) => [
      row.scenario,
      ...sizes.map((n) => both(row, n, (measured) => ms(measured?.p99Ms ?? Number.NaN))),
      ...sizes.map((n) => both(row, n, (measured) => rate(measured?.requestsPerSecond ?? Number.NaN))),
      `${growth(row.byTasks)} / ${growth(row.ceilingByTasks)}`,
    ]),
  );
};

/** Where the figures came from: they drift with the machine, so they are only read side by side. */
export const machine = () => ({
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  node: process.version,
});
