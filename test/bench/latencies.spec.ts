import { expect } from 'chai';
import { Latencies } from '../../bench/latencies.js';

describe('the bench’s latencies', () => {
  it('keeps fractions of a millisecond, which autocannon’s own percentiles round away', () => {
    const latencies = new Latencies();
    for (const ms of [0.25, 0.5, 0.75, 1.25]) latencies.add(ms);
    expect(latencies.percentile(0.5)).to.equal(0.5);
    expect(latencies.percentile(0.99)).to.equal(1.25);
  });

  it('answers the nearest-rank percentile of every value added, in any order, past its first buffer', () => {
    const latencies = new Latencies();
    const count = 200_000;
    // 1..count ms, added out of order.
    for (let i = 0; i < count; i++) latencies.add(((i * 7919) % count) + 1);
    expect(latencies.percentile(0.5)).to.equal(100_000);
    expect(latencies.percentile(0.99)).to.equal(198_000);
    expect(latencies.percentile(1)).to.equal(count);
  });

  it('answers 0 when nothing was answered', () => {
    expect(new Latencies().percentile(0.99)).to.equal(0);
  });
});
