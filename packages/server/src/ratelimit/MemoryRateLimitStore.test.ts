import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryRateLimitStore } from './MemoryRateLimitStore.js';
import { rateLimitHeaders } from './rateLimitHeaders.js';

describe('MemoryRateLimitStore.hit(key, now, windowMs)', () => {
  it('counts within a fixed window and starts a new one when it ends', () => {
    const store = new MemoryRateLimitStore();
    assert.deepEqual(store.hit('a', 1_000, 60_000), { count: 1, resetAt: 61_000 });
    assert.deepEqual(store.hit('a', 30_000, 60_000), { count: 2, resetAt: 61_000 });
    assert.deepEqual(store.hit('b', 30_000, 60_000), { count: 1, resetAt: 90_000 });
    assert.deepEqual(store.hit('a', 61_000, 60_000), { count: 1, resetAt: 121_000 });
  });
  it('undo takes back one request of the open window only', () => {
    const store = new MemoryRateLimitStore();
    store.hit('a', 0, 60_000);
    store.hit('a', 0, 60_000);
    store.undo('a', 10);
    assert.equal(store.hit('a', 20, 60_000).count, 2);
    store.undo('a', 70_000);
    assert.equal(store.hit('a', 70_000, 60_000).count, 1);
  });
  it('remembers a client seen within the last generation of max/2 clients, forgets one unseen for two', () => {
    const store = new MemoryRateLimitStore({ maxKeys: 4 });
    for (const key of ['a', 'b', 'c']) store.hit(key, 0, 60_000);
    assert.equal(store.hit('a', 1, 60_000).count, 2, 'a was in the older generation: kept, and recent again');
    store.hit('d', 1, 60_000);
    assert.equal(store.current('c', 1)?.count, 1, 'c is in the older generation');
    assert.equal(store.hit('b', 2, 60_000).count, 1, 'b was not seen for two generations: forgotten');
  });
  it('reuses a window that ended, and keeps counts exact for thousands of clients', () => {
    const store = new MemoryRateLimitStore();
    for (let round = 1; round <= 3; round++) {
      for (let i = 0; i < 5_000; i++) assert.equal(store.hit(`10.0.${i >> 8}.${i & 255}`, round, 60_000).count, round);
    }
    assert.deepEqual(store.hit('10.0.0.0', 60_001, 60_000), { count: 1, resetAt: 120_001 });
    assert.throws(() => new MemoryRateLimitStore({ maxKeys: 1 }), RangeError);
  });
  it('keeps memory bounded by forgetting the least recently seen client', () => {
    const store = new MemoryRateLimitStore({ maxKeys: 2 });
    store.hit('a', 0, 60_000);
    store.hit('b', 0, 60_000);
    store.hit('c', 0, 60_000);
    assert.equal(store.hit('a', 1, 60_000).count, 1);
    assert.equal(store.hit('c', 1, 60_000).count, 2);
  });
});

describe('rateLimitHeaders(policy, state, now)', () => {
  const policy = { limit: 240, windowSeconds: 60 };
  it('reports remaining and delta-seconds reset', () => {
    assert.deepEqual(rateLimitHeaders(policy, { count: 40, resetAt: 30_500 }, 0), {
      'ratelimit-limit': '240', 'ratelimit-remaining': '200', 'ratelimit-reset': '31', 'ratelimit-policy': '240;w=60',
    });
  });
  it('never reports negative remaining or a zero reset', () => {
    const h = rateLimitHeaders(policy, { count: 300, resetAt: 1_000 }, 1_000);
    assert.equal(h['ratelimit-remaining'], '0');
    assert.equal(h['ratelimit-reset'], '1');
  });
});
