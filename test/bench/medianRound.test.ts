import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { medianRound, type LoadResult } from '../../bench/api.js';

// The API benchmark's row for a server: the median round by throughput, with each latency
// percentile the median of the rounds' own.

function round(rps: number, p99: number): LoadResult {
  return {
    requests: rps * 5, durationMs: 5000, rps, bytes: 0, statusErrors: 0, socketErrors: 0,
    p50: p99 / 4, p90: p99 / 2, p99, p999: p99 * 2, cpuUsPerRequest: 1e6 / rps, serverBusy: 0.99,
  };
}

describe('medianRound', () => {
  it('reports the median-throughput round with the median p99 of all rounds, not that round\'s own', () => {
    // The middle round by throughput stalled once (12.7 ms p99); the other two did not.
    const row = medianRound([round(60_000, 0.40), round(58_000, 12.7), round(55_000, 0.45)]);
    assert.equal(row.rps, 58_000);
    assert.equal(row.cpuUsPerRequest, 1e6 / 58_000);
    assert.equal(row.p99, 0.45);
    assert.equal(row.p50, 0.45 / 4);
    assert.equal(row.p999, 0.9);
  });

  it('takes the lower middle of an even count, and a single round as it is', () => {
    assert.equal(medianRound([round(2, 4), round(1, 3)]).rps, 1);
    assert.equal(medianRound([round(2, 4), round(1, 3)]).p99, 3);
    assert.deepEqual(medianRound([round(7, 1)]), round(7, 1));
  });

  it('refuses no rounds', () => {
    assert.throws(() => medianRound([]), /no rounds/);
  });
});
