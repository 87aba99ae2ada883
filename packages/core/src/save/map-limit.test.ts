import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mapLimit } from './map-limit.js';

describe('mapLimit(items, limit, task)', () => {
  it('keeps input order and never runs more than `limit` at once', async () => {
    let running = 0;
    let peak = 0;
    const items = Array.from({ length: 50 }, (_, i) => i);
    const results = await mapLimit(items, 4, async (n) => {
      running++;
      peak = Math.max(peak, running);
      // Finish in an order unrelated to the input order.
      for (let i = 0; i < (n * 7) % 5; i++) await Promise.resolve();
      running--;
      return n * 2;
    });
    assert.deepEqual(results, items.map((n) => n * 2));
    assert.equal(peak, 4);
  });

  it('handles no items and odd limits', async () => {
    assert.deepEqual(await mapLimit([], 8, async () => 1), []);
    assert.deepEqual(await mapLimit([1, 2], 0, async (n) => n), [1, 2]);
    assert.deepEqual(await mapLimit([1, 2], Number.NaN, async (n) => n), [1, 2]);
  });

  it('stops starting tasks after a failure and rethrows the first error', async () => {
    const started: number[] = [];
    await assert.rejects(
      mapLimit([0, 1, 2, 3, 4, 5], 2, async (n) => {
        started.push(n);
        if (n === 1) throw new Error('boom');
        await Promise.resolve();
      }),
      { message: 'boom' },
    );
    assert.ok(started.length < 6, `started ${started.join(',')}`);
  });
});
