/**
 * The memo's fast lane (`router.answerCached`, used by the Node adapter): the same answer as
 * `router.fetch` for a remembered URL, or null whenever that cannot be guaranteed.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, it } from 'node:test';
import { buildSnapshot, type Snapshot } from '@blockstats/core';
import { serve } from '../src/node/serve.js';
import { MemoryRateLimitStore } from '../src/ratelimit/MemoryRateLimitStore.js';
import type { RawRequest, RawResponse } from '../src/router/CachedAnswer.js';
import type { RouterOptions } from '../src/router/RouterOptions.js';
import { api } from './harness.js';
import { BUILT_AT, fixtureSave, fixtureSnapshot, NOW } from './fixture.js';

const PEER = '198.51.100.20';

/** The harness's router over the fixture (rate limit off unless asked for). */
function router(overrides: Partial<RouterOptions> = {}) {
  return api(overrides).router;
}

function raw(target: string, init: { method?: string; headers?: Record<string, string>; host?: string; peer?: string } = {}): RawRequest {
  const headers = Object.fromEntries(Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method: init.method ?? 'GET',
    target,
    scheme: 'http',
    host: init.host ?? 'stats.test',
    header: (name) => headers[name] ?? null,
    remoteAddress: init.peer ?? PEER,
  };
}

async function viaFetch(r: ReturnType<typeof router>, target: string, init: { method?: string; headers?: Record<string, string>; host?: string; peer?: string } = {}) {
  const response = await r.fetch(new Request(`http://${init.host ?? 'stats.test'}${target}`, { method: init.method ?? 'GET', headers: init.headers ?? {} }), { remoteAddress: init.peer ?? PEER });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body: new Uint8Array(await response.arrayBuffer()) };
}

function same(fast: RawResponse | null, slow: { status: number; headers: Record<string, string>; body: Uint8Array }, what: string): void {
  assert.ok(fast, `${what}: the fast lane should answer`);
  assert.equal(fast.status, slow.status, what);
  // fetch leaves Content-Length of a GET body to the adapter, which writes it; the fast lane gives it.
  const expected = { ...slow.headers };
  if (fast.body && expected['content-length'] === undefined) expected['content-length'] = String(slow.body.byteLength);
  assert.deepEqual(Object.fromEntries(Object.entries(fast.headers).sort()), Object.fromEntries(Object.entries(expected).sort()), what);
  assert.deepEqual(fast.body ?? new Uint8Array(0), slow.body, what);
}

/** The fixture with one player's play time changed: a new generation. */
function changedSnapshot(): Snapshot {
  const save = fixtureSave();
  const player = save.players[0]!;
  const custom = player.stats['minecraft:custom'] ?? {};
  player.stats = { ...player.stats, 'minecraft:custom': { ...custom, 'minecraft:jump': (custom['minecraft:jump'] ?? 0) + 77_777 } };
  return buildSnapshot(save, { now: BUILT_AT + 15 * 60_000 });
}

describe('router.answerCached(request): the memo fast lane', () => {
  const paths = ['/v1/stats/jump', '/v1/stats/jump?limit=2&offset=1', '/v1/players/Steve', '/v1/badge/player/Steve.svg', '/v1/advancements?sort=title'];

  it('answers a remembered URL exactly as fetch does: 200, HEAD, If-None-Match and If-Modified-Since 304s', async () => {
    const r = router();
    for (const path of paths) {
      assert.equal(r.answerCached(raw(path)), null, `${path}: nothing remembered yet`);
      const first = await viaFetch(r, path);
      assert.equal(first.status, 200, path);
      same(r.answerCached(raw(path)), await viaFetch(r, path), `GET ${path}`);
      same(r.answerCached(raw(path, { method: 'HEAD' })), await viaFetch(r, path, { method: 'HEAD' }), `HEAD ${path}`);
      const etag = { 'if-none-match': first.headers.etag! };
      same(r.answerCached(raw(path, { headers: etag })), await viaFetch(r, path, { headers: etag }), `304 ${path}`);
      assert.equal(r.answerCached(raw(path, { headers: etag }))!.status, 304);
      const since = { 'if-modified-since': first.headers['last-modified']! };
      same(r.answerCached(raw(path, { headers: since })), await viaFetch(r, path, { headers: since }), `If-Modified-Since ${path}`);
      const other = { 'if-none-match': '"something-else"' };
      same(r.answerCached(raw(path, { headers: other })), await viaFetch(r, path, { headers: other }), `other tag ${path}`);
    }
  });

  it('counts against the rate limit like fetch: same headers, 304s free, the 429 left to fetch', async () => {
    const fastLane = router({ rateLimit: { limit: 4, windowSeconds: 60 } });
    const reference = router({ rateLimit: { limit: 4, windowSeconds: 60 } });
    const path = '/v1/stats/jump';
    const first = await viaFetch(fastLane, path);
    await viaFetch(reference, path);
    const etag = { 'if-none-match': first.headers.etag! };
    for (const headers of [{}, etag, {}, etag, {}]) {
      same(fastLane.answerCached(raw(path, { headers })), await viaFetch(reference, path, { headers }), `request with ${JSON.stringify(headers)}`);
    }
    // Four counted requests made: the fifth is over the limit, and only fetch answers it.
    assert.equal(fastLane.answerCached(raw(path)), null);
    const limited = await viaFetch(fastLane, path);
    assert.equal(limited.status, 429);
    assert.deepEqual(limited.headers['ratelimit-remaining'], (await viaFetch(reference, path)).headers['ratelimit-remaining']);
  });

  it('answers requests through a trusted proxy as fetch does: forwarded origin, client and rate limit', async () => {
    const options = { trustedProxies: ['203.0.113.0/24'], rateLimit: { limit: 3, windowSeconds: 60 } };
    const fastLane = router(options);
    const reference = router(options);
    const proxy = '203.0.113.9';
    const forwarded = (client: string, extra: Record<string, string> = {}) => ({ peer: proxy, headers: { 'x-forwarded-for': `198.51.100.7, ${client}`, ...extra } });
    const path = '/v1/stats/jump?limit=2';
    const public_ = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'stats.example.org' };
    // Remembered under the public origin the proxy forwards (the body's links use it).
    const first = await viaFetch(fastLane, path, forwarded('192.0.2.1', public_));
    await viaFetch(reference, path, forwarded('192.0.2.1', public_));
    assert.equal(fastLane.answerCached(raw(path, forwarded('192.0.2.1'))), null, 'another origin: not what was remembered');
    const etag = { 'if-none-match': first.headers.etag!, ...public_ };
    for (const [client, headers] of [['192.0.2.1', public_], ['192.0.2.2', public_], ['192.0.2.1', etag], ['192.0.2.1', public_]] as const) {
      same(fastLane.answerCached(raw(path, forwarded(client, headers))), await viaFetch(reference, path, forwarded(client, headers)), `${client} ${JSON.stringify(headers)}`);
    }
    // 192.0.2.1 has had its three requests (the 304 was free); the proxy's own address never counted.
    assert.equal(fastLane.answerCached(raw(path, forwarded('192.0.2.1', public_))), null, 'over the limit: fetch answers');
    assert.equal((await viaFetch(fastLane, path, forwarded('192.0.2.1', public_))).status, 429);
    same(fastLane.answerCached(raw(path, forwarded('192.0.2.3', public_))), await viaFetch(reference, path, forwarded('192.0.2.3', public_)), 'another client');
  });

  it('answers under a configured base URL, with or without a path, as fetch does', async () => {
    for (const baseUrl of ['https://stats.example.org', 'https://example.org/minecraft/stats/']) {
      const r = router({ baseUrl });
      const path = '/v1/stats/jump?limit=2';
      const first = await viaFetch(r, path);
      assert.ok(new TextDecoder().decode(first.body).includes(baseUrl.replace(/\/$/, '')), `${baseUrl}: links on the base URL`);
      same(r.answerCached(raw(path)), await viaFetch(r, path), `${baseUrl}: GET`);
      same(r.answerCached(raw(path, { host: 'other.test' })), await viaFetch(r, path, { host: 'other.test' }), `${baseUrl}: any Host`);
    }
  });

  it('answers one server\'s view of a network (?server=) as fetch does, and only for that server\'s current snapshot', async () => {
    let own = fixtureSnapshot();
    const changed = changedSnapshot();
    const r = router({ servers: [{ id: 'survival', name: 'Survival', snapshot: () => own }] });
    await viaFetch(r, '/v1/stats/jump'); // the memo follows the network's generation from its first answer
    for (const path of ['/v1/stats/jump?server=survival', '/v1/stats/jump?limit=2&server=survival', '/v1/players/Steve?server=survival']) {
      assert.equal(r.answerCached(raw(path)), null, `${path}: nothing remembered yet`);
      const first = await viaFetch(r, path);
      assert.equal(first.status, 200, path);
      same(r.answerCached(raw(path)), await viaFetch(r, path), `GET ${path}`);
      const etag = { 'if-none-match': first.headers.etag! };
      same(r.answerCached(raw(path, { headers: etag })), await viaFetch(r, path, { headers: etag }), `304 ${path}`);
    }
    // Another server id, or the server's next snapshot: left to fetch, never the old answer.
    assert.equal(r.answerCached(raw('/v1/stats/jump?server=creative')), null);
    own = changed;
    assert.equal(r.answerCached(raw('/v1/stats/jump?server=survival')), null);
    const next = await viaFetch(r, '/v1/stats/jump?server=survival');
    same(r.answerCached(raw('/v1/stats/jump?server=survival')), await viaFetch(r, '/v1/stats/jump?server=survival'), 'after the server\'s new snapshot');
    assert.notEqual(next.headers.etag, undefined);
  });

  it('answers one server\'s view after the network\'s next snapshot as fetch does, before any request of the network view', async () => {
    const own = fixtureSnapshot();
    let network = fixtureSnapshot();
    const r = router({ snapshot: () => network, servers: [{ id: 'survival', name: 'Survival', snapshot: () => own }] });
    await viaFetch(r, '/v1/stats/jump');
    const path = '/v1/stats/jump?server=survival';
    await viaFetch(r, path);
    // A pull: the network's snapshot is new, the server's own is the same.
    network = changedSnapshot();
    same(r.answerCached(raw(path)), await viaFetch(r, path), 'the server\'s answer, unchanged');
    assert.equal(r.answerCached(raw('/v1/stats/jump')), null, 'the network view is left to fetch');
    await viaFetch(r, '/v1/stats/jump'); // the memo moves to the network's new generation: the server's answer is rendered again
    const again = await viaFetch(r, path);
    same(r.answerCached(raw(path)), again, 'once the memo moved to the network\'s new generation');
  });

  it('finds only what the memo still holds (answers evicted by its byte bound are rendered again)', async () => {
    // Each answer weighs three bytes a character plus 512 (responseMemo): 14,000 holds two or three.
    const r = router({ responseCacheBytes: 14_000 });
    const paths = ['/v1/stats/jump', '/v1/stats/deaths', '/v1/stats/play_time', '/v1/stats/walk_one_cm', '/v1/stats/mined_total'];
    for (const path of paths) await viaFetch(r, path);
    const held = paths.filter((path) => r.answerCached(raw(path)) !== null);
    assert.ok(held.length >= 1 && held.length < paths.length, `some answers evicted (held: ${held.join(', ')})`);
    assert.ok(held.includes(paths.at(-1)!), 'the most recent is held');
    for (const path of paths) if (!held.includes(path)) assert.equal(r.answerCached(raw(path)), null, `${path} was evicted`);
  });

  it('declines whenever fetch could answer differently', async () => {
    const path = '/v1/stats/jump';
    let current = fixtureSnapshot();
    const r = router({ snapshot: () => current, trustedProxies: ['203.0.113.0/24'] });
    await viaFetch(r, path);
    assert.ok(r.answerCached(raw(path)));
    assert.equal(r.answerCached(raw(path, { method: 'POST' })), null, 'not GET or HEAD');
    assert.equal(r.answerCached(raw(path, { host: 'other.test' })), null, 'another origin (links differ)');
    assert.equal(r.answerCached(raw('/v1/stats/../stats/jump')), null, 'a target the URL parser rewrites');
    assert.equal(r.answerCached(raw('/v1/stats/%2e%2e/stats/jump')), null, 'an encoded dot segment');
    assert.equal(r.answerCached(raw('/v1/stats/jump#x')), null, 'a fragment');
    current = changedSnapshot();
    assert.equal(r.answerCached(raw(path)), null, 'a new snapshot');
    const fresh = await viaFetch(r, path);
    same(r.answerCached(raw(path)), await viaFetch(r, path), 'remembered again for the new snapshot');
    assert.ok(new TextDecoder().decode(fresh.body).includes('77777') || fresh.body.length > 0);

    const custom = router({ getClientAddress: () => '192.0.2.1' });
    await viaFetch(custom, path);
    assert.equal(custom.answerCached(raw(path)), null, 'a custom client-address function');
    const shared = router({ rateLimit: { store: { hit: async () => ({ count: 1, resetAt: NOW + 60_000 }), undo: async () => {} } } });
    await viaFetch(shared, path);
    assert.equal(shared.answerCached(raw(path)), null, 'a rate-limit store that is not the built-in one');
    const volatile = router({ readRecipes: () => [] });
    await viaFetch(volatile, '/v1/players/Steve/advancements?include=recipes');
    assert.equal(volatile.answerCached(raw('/v1/players/Steve/advancements?include=recipes')), null, 'a volatile route is never remembered');
    const off = router({ responseCacheBytes: 0 });
    await viaFetch(off, path);
    assert.equal(off.answerCached(raw(path)), null, 'the memo switched off');
    const store = new MemoryRateLimitStore();
    const limited = router({ rateLimit: { limit: 1, store } });
    await viaFetch(limited, path);
    assert.equal(limited.answerCached(raw(path)), null, 'over the limit');
    assert.equal(store.hit(PEER, NOW, 60_000).count, 2, 'and the declined request was not counted');
  });

  it('is what the Node adapter serves: identical bytes through node:http', async () => {
    const r = router();
    let fast = 0;
    const counted = { fetch: r.fetch, answerCached: (request: RawRequest) => {
      const answer = r.answerCached(request);
      if (answer) fast++;
      return answer;
    } };
    const running = await serve(counted, { host: '127.0.0.1', port: 0 });
    try {
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
          const req = httpRequest(`${running.url}${path}`, { headers }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          });
          req.on('error', reject);
          req.end();
        });
      const slow = await get('/v1/stats/jump');
      const quick = await get('/v1/stats/jump');
      assert.equal(fast, 1);
      assert.equal(quick.body, slow.body);
      assert.equal(quick.headers['content-length'], slow.headers['content-length']);
      assert.equal(quick.headers.etag, slow.headers.etag);
      const revalidated = await get('/v1/stats/jump', { 'if-none-match': String(slow.headers.etag) });
      assert.equal(revalidated.status, 304);
      assert.equal(revalidated.body, '');
      assert.equal(fast, 2);
    } finally {
      await running.close();
    }
  });
});
