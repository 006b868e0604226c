import autocannon from 'autocannon';
import { Latencies } from './latencies.js';
import { cpuSeconds, rssMb } from './processes.js';
import type { Scenario } from './scenarios.js';

export interface Measured {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** The highest RSS of `watchPid` during the run, in MB (when one was watched). */
  readonly peakRssMb: number | null;
  /**
   * The CPU time `watchPid` used during the run over the requests it answered, in µs (when one was
   * watched): steadier than requests per second on a machine whose speed drifts, and blind to the
   * database server's share on PostgreSQL.
   */
  readonly cpuUsPerRequest: number | null;
}

export interface LoadOptions {
  readonly seconds: number;
  readonly connections: number;
  readonly key: string;
}

/** Drives `baseUrl` with one scenario for `seconds`, after a one-second warm-up that is not counted. */
export const measure = async (
  baseUrl: string,
  scenario: Scenario,
  options: LoadOptions,
  watchPid?: number,
): Promise<Measured> => {
  const run = (duration: number) =>
    new Promise<{ readonly result: autocannon.Result; readonly latencies: Latencies }>((resolve, reject) => {
      const latencies = new Latencies();
      const instance = autocannon(
        {
          url: baseUrl,
          connections: options.connections,
          duration,
          headers: { 'x-api-key': options.key, 'x-bench-scenario': scenario.name },
          requests: [scenario.request()],
        },
        (error: unknown, result) => (error ? reject(error) : resolve({ result, latencies })),
      );
      // Answered as autocannon counts latencies (2xx), in fractions of a millisecond.
      instance.on('response', (_client, statusCode, _bytes, responseMs) => {
        if (statusCode >= 200 && statusCode < 300) latencies.add(responseMs);
      });
    });
  await run(1);
  let peak = 0;
  const sampler =
    watchPid === undefined ? undefined : setInterval(() => (peak = Math.max(peak, rssMb(watchPid))), 250);
  try {
    const cpuBefore = watchPid === undefined ? 0 : cpuSeconds(watchPid);
    const { result, latencies } = await run(options.seconds);
    const cpuUsed = watchPid === undefined ? 0 : cpuSeconds(watchPid) - cpuBefore;
    return {
      requestsPerSecond: result.requests.average,
      p50Ms: latencies.percentile(0.5),
      p99Ms: latencies.percentile(0.99),
      non2xx: result.non2xx + result.errors + result.timeouts,
      peakRssMb: watchPid === undefined ? null : peak,
      cpuUsPerRequest: watchPid === undefined ? null : (cpuUsed * 1e6) / Math.max(result.requests.total, 1),
    };
  } finally {
    if (sampler !== undefined) clearInterval(sampler);
  }
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Several rounds of one target as one figure: the medians, the highest RSS, every failure. */
export const summarise = (rounds: readonly Measured[]): Measured => ({
  requestsPerSecond: median(rounds.map((round) => round.requestsPerSecond)),
  p50Ms: median(rounds.map((round) => round.p50Ms)),
  p99Ms: median(rounds.map((round) => round.p99Ms)),
  non2xx: rounds.reduce((sum, round) => sum + round.non2xx, 0),
  peakRssMb: rounds.some((round) => round.peakRssMb !== null)
    ? Math.max(...rounds.map((round) => round.peakRssMb ?? 0))
    : null,
  cpuUsPerRequest: rounds.every((round) => round.cpuUsPerRequest !== null)
    ? median(rounds.map((round) => round.cpuUsPerRequest ?? 0))
    : null,
});

/**
 * The service's rate over another target's, round by round (each pair measured back to back), and
 * the median of those: a shared machine drifts over a run, and a ratio of neighbours drifts least.
 */
export const medianRatio = (service: readonly Measured[], other: readonly Measured[]): number =>
  median(
    service.map((round, i) => round.requestsPerSecond / Math.max(other[i]?.requestsPerSecond ?? 0, 1e-9)),
  );
