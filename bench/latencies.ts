/**
 * Every answer's latency in milliseconds, as measured (autocannon's own percentiles are whole
 * milliseconds: a 1k owner's p99 of 4 ms against 13 was the whole story of a 3.25 scale ratio).
 */
export class Latencies {
  private readonly values: number[] = [];
  /** The values in order, sorted once for every percentile asked until the next `add`. */
  private sorted: Float64Array | undefined;

  add(ms: number): void {
    this.values.push(ms);
    this.sorted = undefined;
  }

  /** The nearest-rank percentile (`0.99` for p99); 0 with no answer. */
  percentile(fraction: number): number {
    if (this.values.length === 0) return 0;
    this.sorted ??= Float64Array.from(this.values).sort();
    return this.sorted[Math.min(this.values.length, Math.ceil(fraction * this.values.length)) - 1] ?? 0;
  }
}
