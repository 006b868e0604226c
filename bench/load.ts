import autocannon from 'autocannon';
import { rssMb } from './processes.js';
import type { Scenario } from './scenarios.js';

export interface Measured {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** The highest RSS of `watchPid` during the run, in MB (when one was watched). */
  readonly peakRssMb: number | null;
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
    autocannon({
      url: baseUrl,
      connections: options.connections,
      duration,
      headers: { 'x-api-key': options.key, 'x-bench-scenario': scenario.name },
      requests: [scenario.request()],
    });
  await run(1);
  let peak = 0;
  const sampler =
    watchPid === undefined ? undefined : setInterval(() => (peak = Math.max(peak, rssMb(watchPid))), 250);
  try {
    const result = await run(options.seconds);
    return {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
      peakRssMb: watchPid === undefined ? null : peak,
    };
  } finally {
    if (sampler !== undefined) clearInterval(sampler);
  }
};
