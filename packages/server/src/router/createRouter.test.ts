import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MemoryRateLimitStore } from '../ratelimit/MemoryRateLimitStore.js';
import type { RateLimitStore } from '../ratelimit/RateLimitStore.js';
import { createRouter } from './createRouter.js';
import type { RouterOptions } from './RouterOptions.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const peer = { remoteAddress: '203.0.113.7' };

/** A router over no data yet: the machinery is what these tests exercise. */
function router(overrides: Partial<RouterOptions> = {}) {
  return createRouter({ snapshot: () => null, clock: () => NOW, onError: () => {}, ...overrides });
}

const get = (r: ReturnType<typeof router>, path: string, init: RequestInit = {}, info: unknown = peer) =>
  r.fetch(new Request(`http://api.test${path}`, init), info);

describe('createRouter(options).fetch(request): HTTP machinery', () => {
  it('GET /v1 lists every endpoint in the Envelope with CORS, rate-limit and cache headers', async () => {
    const res = await get(router(), '/v1');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.match(res.headers.get('access-control-expose-headers')!, /ETag.*Last-Modified.*Retry-After.*RateLimit-Limit.*RateLimit-Remaining.*RateLimit-Reset.*RateLimit-Policy/);
    assert.equal(res.headers.get('ratelimit-limit'), '240');
    assert.equal(res.headers.get('ratelimit-remaining'), '239');
    assert.equal(res.headers.get('ratelimit-reset'), '60');
    assert.equal(res.headers.get('ratelimit-policy'), '240;w=60');
    assert.match(res.headers.get('etag')!, /^"[\w-]+"$/);
    assert.match(res.headers.get('cache-control')!, /^public, max-age=\d+$/);
    const body = await res.json();
    assert.equal(body.meta.data_updated_at, null);
    assert.ok(body.data.some((e: { path: string }) => e.path === '/v1/health'));
    assert.equal(body.meta.openapi, 'http://api.test/openapi.json');
  });

  it('HEAD is GET without a body, same headers', async () => {
    const r = router();
    const getRes = await get(r, '/v1');
    const headRes = await get(r, '/v1', { method: 'HEAD' });
    assert.equal(headRes.status, 200);
    assert.equal(await headRes.text(), '');
    assert.equal(headRes.headers.get('etag'), getRes.headers.get('etag'));
    assert.equal(headRes.headers.get('content-type'), getRes.headers.get('content-type'));
    assert.equal(headRes.headers.get('content-length'), String(new TextEncoder().encode(await getRes.text()).length));
  });

  it('If-None-Match with the current ETag gives 304 that keeps validators, CORS and rate-limit headers and costs nothing', async () => {
    const r = router();
    const first = await get(r, '/v1');
    const etag = first.headers.get('etag')!;
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(r, '/v1', { headers: { 'if-none-match': tag } });
      assert.equal(res.status, 304, tag);
      assert.equal(await res.text(), '');
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), first.headers.get('cache-control'));
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(res.headers.get('content-type'), null);
      assert.equal(res.headers.get('ratelimit-remaining'), '239', '304s are not counted');
    }
    const changed = await get(r, '/v1', { headers: { 'if-none-match': '"stale"' } });
    assert.equal(changed.status, 200);
    assert.equal(changed.headers.get('ratelimit-remaining'), '238');
  });

  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
    it(`${method} gets 405 with Allow: GET, HEAD as a problem`, async () => {
      const res = await get(router(), '/v1/stats', { method, ...(method === 'OPTIONS' ? {} : { body: '{}' }) });
      assert.equal(res.status, 405);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      const body = await res.json();
      assert.equal(body.type, 'http://api.test/problems/method-not-allowed');
      assert.equal(body.status, 405);
      assert.equal(body.instance, '/v1/stats');
    });
  }

  it('a CORS preflight gets 204 with the CORS headers and is not counted', async () => {
    const res = await get(router(), '/v1/stats', {
      method: 'OPTIONS',
      headers: { origin: 'https://site.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match, x-client' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, HEAD');
    assert.equal(res.headers.get('access-control-allow-headers'), 'if-none-match, x-client');
    assert.equal(res.headers.get('ratelimit-remaining'), '240');
  });

  const unversioned: [string, string][] = [
    ['/stats?limit=5', 'http://api.test/v1/stats?limit=5'],
    ['/players/Steve', 'http://api.test/v1/players/Steve'],
    ['/', 'http://api.test/v1'],
    // A mis-cased prefix is not the /v1 prefix (paths are case-sensitive): it is replaced, not kept.
    ['/V1/stats?limit=5', 'http://api.test/v1/stats?limit=5'],
    ['/V1', 'http://api.test/v1'],
  ];
  for (const [path, corrected] of unversioned) {
    it(`${path} without the /v1 prefix gives unversioned-path pointing at ${corrected}`, async () => {
      const res = await get(router(), path);
      assert.equal(res.status, 404);
      const body = await res.json();
      assert.equal(body.type, 'http://api.test/problems/unversioned-path');
      assert.equal(body.corrected_url, corrected);
      assert.match(body.detail, new RegExp(corrected.replace(/[?.]/g, '\\$&')));
    });
  }

  it('another version prefix is not-found, not an unversioned path', async () => {
    const res = await get(router(), '/v2/stats');
    assert.equal(res.status, 404);
    assert.equal((await res.json()).type, 'http://api.test/problems/not-found');
  });

  it('an unknown /v1 path is a not-found problem', async () => {
    const res = await get(router(), '/v1/nothing/here');
    assert.equal(res.status, 404);
    const body = await res.json();
    assert.equal(body.type, 'http://api.test/problems/not-found');
    assert.equal(body.title, 'Not found');
    assert.equal(body.instance, '/v1/nothing/here');
  });

  it('the 241st request of a window gets 429 with Retry-After; the next window is open again', async () => {
    let now = NOW;
    const r = router({ clock: () => now });
    for (let i = 1; i <= 240; i++) {
      const res = await get(r, '/v1');
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('ratelimit-remaining'), String(240 - i));
    }
    now += 15_000;
    const limited = await get(r, '/v1');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '45');
    assert.equal(limited.headers.get('ratelimit-reset'), '45');
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    assert.equal(limited.headers.get('content-type'), 'application/problem+json');
    assert.equal((await limited.json()).type, 'http://api.test/problems/rate-limit-exceeded');
    // Another client is unaffected.
    assert.equal((await get(r, '/v1', {}, { remoteAddress: '198.51.100.1' })).status, 200);
    now += 45_000;
    const reopened = await get(r, '/v1');
    assert.equal(reopened.status, 200);
    assert.equal(reopened.headers.get('ratelimit-remaining'), '239');
  });

  it('the limit and window are configurable and a store can be plugged in', async () => {
    const hits: string[] = [];
    const memory = new MemoryRateLimitStore();
    const store: RateLimitStore = {
      hit: async (key, now, windowMs) => { hits.push(key); return memory.hit(key, now, windowMs); },
      undo: (key, now) => memory.undo(key, now),
    };
    const r = router({ rateLimit: { limit: 2, windowSeconds: 10, store } });
    assert.equal((await get(r, '/v1')).headers.get('ratelimit-policy'), '2;w=10');
    assert.equal((await get(r, '/v1')).status, 200);
    assert.equal((await get(r, '/v1')).status, 429);
    assert.deepEqual(hits, ['203.0.113.7', '203.0.113.7', '203.0.113.7']);
  });

  it('rateLimit: false switches limiting and its headers off', async () => {
    const r = router({ rateLimit: false });
    for (let i = 0; i < 300; i++) assert.equal((await get(r, '/v1', { method: 'HEAD' })).status, 200);
    assert.equal((await get(r, '/v1')).headers.get('ratelimit-limit'), null);
  });

  it('refuses a nonsensical limit at creation', () => {
    assert.throws(() => router({ rateLimit: { limit: 0 } }), RangeError);
  });

  it('X-Forwarded-For is believed only from trusted proxies', async () => {
    const r = router({ rateLimit: { limit: 1 }, trustedProxies: ['10.0.0.0/8'] });
    const viaProxy = (client: string) => get(r, '/v1', { headers: { 'x-forwarded-for': client } }, { remoteAddress: '10.1.2.3' });
    assert.equal((await viaProxy('198.51.100.1')).status, 200);
    assert.equal((await viaProxy('198.51.100.2')).status, 200, 'different clients behind the proxy');
    assert.equal((await viaProxy('198.51.100.1')).status, 429);
    const direct = (client: string) => get(r, '/v1', { headers: { 'x-forwarded-for': client } }, { remoteAddress: '203.0.113.50' });
    assert.equal((await direct('1.1.1.1')).status, 200);
    assert.equal((await direct('2.2.2.2')).status, 429, 'an untrusted peer cannot spoof its way to a new bucket');
  });

  it('links use the configured base URL, else forwarded headers from trusted proxies only', async () => {
    const configured = await (await get(router({ baseUrl: 'https://stats.example/' }), '/v1')).json();
    assert.equal(configured.meta.openapi, 'https://stats.example/openapi.json');
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' };
    const trusted = await (await get(router({ trustedProxies: ['127.0.0.1'] }), '/v1', { headers }, { remoteAddress: '127.0.0.1' })).json();
    assert.equal(trusted.meta.openapi, 'https://public.example/openapi.json');
    const untrusted = await (await get(router(), '/v1', { headers }, { remoteAddress: '127.0.0.1' })).json();
    assert.equal(untrusted.meta.openapi, 'http://api.test/openapi.json');
  });

  it('problem types use the configured problem base', async () => {
    const body = await (await get(router({ problemBase: 'https://docs.example/errors/' }), '/v1/x')).json();
    assert.equal(body.type, 'https://docs.example/errors/not-found');
  });

  it('an internal error is a bare 500 problem; the cause goes to onError only', async () => {
    const errors: unknown[] = [];
    const r = router({
      onError: (error) => errors.push(error),
      status: { status: () => Promise.reject(new Error('ECONNREFUSED /srv/secret/path')) },
    });
    const res = await get(r, '/v1/status');
    assert.equal(res.status, 500);
    const text = await res.text();
    assert.doesNotMatch(text, /secret|ECONNREFUSED|Error/);
    const body = JSON.parse(text);
    assert.equal(body.type, 'http://api.test/problems/internal-error');
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.ok(res.headers.get('ratelimit-limit'));
    assert.equal(errors.length, 1);
  });

  it('/openapi.json and /v1/openapi.json serve the OpenAPI 3.1 document, version 1.3.0', async () => {
    for (const path of ['/openapi.json', '/v1/openapi.json']) {
      const res = await get(router(), path);
      assert.equal(res.status, 200);
      const doc = await res.json();
      assert.equal(doc.openapi, '3.1.0');
      assert.equal(doc.info.version, '1.3.0');
      assert.equal(doc.servers[0].url, 'http://api.test');
    }
  });
});

describe('GET /v1/status and /v1/health without data', () => {
  it('status without a configured ping is a 200 with online false and null counts', async () => {
    const res = await get(router(), '/v1/status');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=10');
    const { data } = await res.json();
    assert.equal(data.online, false);
    assert.equal(data.players_online, null);
    assert.equal(data.players_max, null);
    assert.equal(data.reason, 'not_configured');
  });

  it('health is degraded and never cached while no data exists', async () => {
    const res = await get(router(), '/v1/health');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.headers.get('etag'), null);
    const { data } = await res.json();
    assert.deepEqual(data, {
      status: 'degraded', data_updated_at: null, data_age_seconds: null, data_stale: true, uptime_seconds: 0, last_error_at: null,
      reasons: [{ code: 'no_data', detail: 'No statistics yet: no regeneration has succeeded.' }],
    });
  });

  it('health reads the job state: ok when fresh, degraded when stale or failing', async () => {
    const fresh = router({ health: () => ({ startedAt: NOW - 3_600_000, lastSuccessAt: NOW - 600_000 }) });
    assert.deepEqual((await (await get(fresh, '/v1/health')).json()).data, {
      status: 'ok', data_updated_at: new Date(NOW - 600_000).toISOString(), data_age_seconds: 600, data_stale: false, uptime_seconds: 3600, last_error_at: null, reasons: [],
    });
    const stale = router({ health: () => ({ lastSuccessAt: NOW - 7 * 3_600_000 }) });
    const staleData = (await (await get(stale, '/v1/health')).json()).data;
    assert.equal(staleData.status, 'degraded');
    assert.equal(staleData.data_stale, true);
    const failing = router({ health: () => ({ lastSuccessAt: NOW - 1_800_000, lastErrorAt: NOW - 60_000 }) });
    const failingData = (await (await get(failing, '/v1/health')).json()).data;
    assert.equal(failingData.status, 'degraded');
    assert.equal(failingData.data_stale, false);
    assert.equal(failingData.last_error_at, new Date(NOW - 60_000).toISOString());
    assert.deepEqual(failingData.reasons.map((r: { code: string }) => r.code), ['pull_failed']);
  });

  it('health lists the host\'s problems as reasons, and they alone degrade it', async () => {
    const problems = [
      { code: 'record_unwritable', detail: 'The last pull could not be appended to the activity record: ENOSPC: no space left on device' },
      { code: 'pull_failed', detail: 'the pull did not finish within 10m (limits.pull_timeout) and was abandoned' },
    ];
    const host = router({ health: () => ({ lastSuccessAt: NOW - 600_000, lastErrorAt: NOW - 60_000, problems }) });
    const data = (await (await get(host, '/v1/health')).json()).data;
    assert.equal(data.status, 'degraded');
    assert.deepEqual(data.reasons, problems, 'the host\'s pull_failed replaces the generic one');
    const alone = router({ health: () => ({ lastSuccessAt: NOW - 600_000, problems: [problems[0]!] }) });
    assert.equal((await (await get(alone, '/v1/health')).json()).data.status, 'degraded');
  });
});
