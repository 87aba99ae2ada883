/**
 * The Redis rate-limit store against a real `redis-server` started for these tests: counts
 * shared by several instances, atomic, refunds, and failing open (never a hang, never a 500)
 * when Redis is down, slow or unreachable.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createClient } from '@redis/client';
import { RateLimitStoreUnavailableError, RedisRateLimitStore } from '../src/redis/RedisRateLimitStore.js';
import { api } from './harness.js';
import { NOW } from './fixture.js';
import { redisForTests, startRedisServer } from './redisServer.js';

const { redis: started, skip } = await redisForTests();

describe('RedisRateLimitStore (a real redis-server)', { skip }, () => {
  const redis = started!;
  const stores: RedisRateLimitStore[] = [];
  const store = (options: Partial<ConstructorParameters<typeof RedisRateLimitStore>[0]> = {}) => {
    const made = new RedisRateLimitStore({ url: redis.url, ...options });
    stores.push(made);
    return made;
  };
  let raw: ReturnType<typeof createClient>;
  before(async () => {
    raw = createClient({ url: redis.url });
    await raw.connect();
  });
  after(async () => {
    await Promise.all(stores.map((s) => s.close()));
    raw.destroy();
    await redis.stop();
  });

  it('counts within a fixed window per client, and starts a new one when the key expires', async () => {
    const s = store({ prefix: 't1:' });
    assert.deepEqual(await s.hit('a', 1_000, 60_000), { count: 1, resetAt: 61_000 });
    const second = await s.hit('a', 2_000, 60_000);
    assert.equal(second.count, 2);
    assert.ok(second.resetAt > 2_000 && second.resetAt <= 62_000, `resetAt ${second.resetAt}: the window's end, in Redis's clock`);
    assert.equal((await s.hit('b', 2_000, 60_000)).count, 1);
    const ttl = await raw.pTTL('t1:a');
    assert.ok(ttl > 0 && ttl <= 60_000, `the key expires with the window (${ttl} ms left)`);
    await raw.del('t1:a'); // what expiry does when the window ends
    assert.equal((await s.hit('a', 70_000, 60_000)).count, 1);
  });

  it('undo takes back one request of the open window only, never below zero', async () => {
    const s = store({ prefix: 't2:' });
    await s.hit('a', 0, 60_000);
    await s.hit('a', 0, 60_000);
    await s.undo('a');
    assert.equal((await s.hit('a', 0, 60_000)).count, 2);
    await raw.del('t2:a');
    await s.undo('a');
    assert.equal(await raw.exists('t2:a'), 0, 'a closed window is not reopened');
    await s.hit('b', 0, 60_000);
    await s.undo('b');
    await s.undo('b');
    assert.equal(await raw.get('t2:b'), '0');
  });

  it('is shared by several instances, and atomic: concurrent hits never lose a count', async () => {
    // A long timeout: this is about counts, and 200 hits at once on a loaded machine can take longer than the default 250 ms.
    const [one, two] = [store({ prefix: 't3:', timeoutMs: 10_000 }), store({ prefix: 't3:', timeoutMs: 10_000 })];
    const counts = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? one : two).hit('client', NOW, 60_000)));
    assert.deepEqual(counts.map((c) => c.count).sort((a, b) => a - b), Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('fails at once, without hanging, when nothing listens there; and says so once', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const statuses: unknown[] = [];
    const s = store({ url: `redis://127.0.0.1:${port}`, timeoutMs: 200, onStatus: (status) => statuses.push(status) });
    await assert.rejects(s.hit('a', NOW, 60_000), RateLimitStoreUnavailableError);
    await assert.rejects(s.hit('a', NOW, 60_000), RateLimitStoreUnavailableError);
    await assert.rejects(s.undo('a'), RateLimitStoreUnavailableError);
    assert.equal(statuses.length, 1);
    assert.equal((statuses[0] as { ok: boolean }).ok, false);
  });

  it('gives up after its timeout when Redis accepts but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket.on('error', () => {})));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    try {
      const s = store({ url: `redis://127.0.0.1:${(silent.address() as { port: number }).port}`, timeoutMs: 150 });
      await assert.rejects(s.hit('a', NOW, 60_000), /did not answer within 150 ms|not connected/);
      await assert.rejects(s.hit('a', NOW, 60_000), RateLimitStoreUnavailableError);
      await s.close();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('serves through the router: RateLimit headers from Redis, the 429, free 304s', async () => {
    const shared = store({ prefix: 't4:' });
    const first = api({ rateLimit: { limit: 3, windowSeconds: 60, store: shared } });
    const second = api({ rateLimit: { limit: 3, windowSeconds: 60, store: shared } });
    const a = await first.get('/v1/stats/jump');
    assert.equal(a.status, 200);
    assert.equal(a.headers.get('ratelimit-remaining'), '2');
    const revalidated = await second.get('/v1/stats/jump', { headers: { 'if-none-match': a.headers.get('etag')! } });
    assert.equal(revalidated.status, 304);
    assert.equal(revalidated.headers.get('ratelimit-remaining'), '2', 'a 304 costs nothing (DECISIONS 19)');
    assert.equal((await second.get('/v1/stats/jump')).headers.get('ratelimit-remaining'), '1', 'the other instance counts the same client');
    assert.equal((await first.get('/v1/stats')).headers.get('ratelimit-remaining'), '0');
    const limited = await second.get('/v1/stats');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  });

  it('fails open through the router: a request while Redis is down is served without the limit', async () => {
    const errors: unknown[] = [];
    const down = store({ url: 'redis://127.0.0.1:1', timeoutMs: 100 });
    const { get } = api({ rateLimit: { limit: 1, store: down }, onError: (error) => void errors.push(error) });
    for (let i = 0; i < 3; i++) {
      const response = await get('/v1/stats/jump');
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('ratelimit-remaining'), null, 'no limit state to report');
    }
    assert.ok(errors.length >= 3 && errors.every((e) => e instanceof RateLimitStoreUnavailableError));
  });

  it('reconnects when Redis comes back', async () => {
    const own = await startRedisServer();
    assert.ok(!('unavailable' in own));
    const events: Array<{ ok: boolean }> = [];
    let wake: () => void = () => {};
    // Long enough for a loaded machine's answers; the hits after the stop fail on the closed connection anyway.
    const s = store({ url: own.url, timeoutMs: 2_000, onStatus: (status) => {
      events.push(status);
      wake();
    } });
    assert.equal((await s.hit('a', NOW, 60_000)).count, 1);
    await own.stop();
    await assert.rejects(async () => {
      // The client may not have noticed the close yet: the next commands fail either way.
      for (let i = 0; i < 20; i++) await s.hit('a', NOW, 60_000);
    }, RateLimitStoreUnavailableError);
    const again = await startRedisServer(own.port);
    assert.ok(!('unavailable' in again));
    try {
      while (!events.some((e) => e.ok)) await new Promise<void>((resolve) => (wake = resolve));
      assert.deepEqual(events.map((e) => e.ok), [false, true]);
      assert.equal((await s.hit('a', NOW, 60_000)).count, 1, 'a new Redis holds no count');
    } finally {
      await again.stop();
    }
  });

  it('rejects a URL that is not redis:// or rediss://', () => {
    for (const url of ['http://127.0.0.1:6379', 'redis:/', '127.0.0.1:6379', '']) {
      assert.throws(() => new RedisRateLimitStore({ url }), /redis:\/\/ or rediss:\/\//, url);
    }
  });
});
