/**
 * Every answer's latency in milliseconds, as measured (autocannon's own percentiles are whole
 * milliseconds: a 1k owner's p99 of 4 ms against 13 was the whole story of a 3.25 scale ratio).
 */
export class Latencies {
  private values = new Float64Array(1 << 16);
  private count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = ms;
  }

  /** The nearest-rank percentile (`0.99` for p99); 0 with no answer. */
  percentile(fraction: number): number {
    if (this.count === 0) return 0;
    const sorted = this.values.slice(0, this.count).sort();
    return sorted[Math.min(this.count, Math.ceil(fraction * this.count)) - 1] ?? 0;
  }
}
