// The OpenAPI document follows the router's options, and the answers it describes are stable.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { api } from './harness.js';

describe('openapi.json follows the router options', () => {
  it('promises RateLimit headers and 429s only when the rate limit is on', async () => {
    const on = (await api({ rateLimit: { limit: 10, windowSeconds: 60 } }).get('/openapi.json')).text;
    const off = (await api({ rateLimit: false }).get('/openapi.json')).text;
    // Plain booleans: a failing match would print the whole document. `off` still names the
    // RateLimit headers once, in the description saying there are none.
    const described = (text: string) => JSON.stringify({ ...JSON.parse(text), info: null });
    assert.ok(described(on).includes('"RateLimit-Remaining"') && described(on).includes('"429"') && described(on).includes('"Problem-rate-limit-exceeded"'));
    assert.ok(!described(off).includes('"RateLimit-'), 'no RateLimit header with the limit off');
    assert.ok(!described(off).includes('"429"') && !described(off).includes('"Problem-rate-limit-exceeded"'), 'no 429 with the limit off');
    assert.match(JSON.parse(off).info.description, /Rate limit: off on this server/);
  });

  it('inlines required headers instead of putting required beside $ref', async () => {
    const doc = (await api({ rateLimit: { limit: 10, windowSeconds: 60 } }).get('/openapi.json')).body;
    const retryAfter = doc.components.responses.RateLimitExceeded.headers['Retry-After'];
    assert.equal(retryAfter.required, true);
    assert.equal(retryAfter.$ref, undefined);
    assert.equal(retryAfter.schema.type, 'integer');
    const allow = doc.components.responses.MethodNotAllowed.headers.Allow;
    assert.deepEqual(allow, { description: '`GET, HEAD`.', schema: { const: 'GET, HEAD' }, required: true });
    const refsWithSiblings = JSON.stringify(doc).match(/"\$ref":"[^"]*","required"/g);
    assert.equal(refsWithSiblings, null);
  });

  it('declares the path parameters on the OPTIONS operations of templated paths', async () => {
    const doc = (await api().get('/openapi.json')).body;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const method of ['get', 'options']) {
        const declared = (item[method].parameters ?? []).filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
        assert.deepEqual(declared, names, `${method.toUpperCase()} ${path}`);
      }
    }
  });
});

describe('stable answers', () => {
  it('/v1/status without a ping keeps its ETag from one request to the next', async () => {
    let now = Date.UTC(2026, 10, 18, 12);
    const { get } = api({ clock: () => now });
    const first = await get('/v1/status');
    now += 60_000;
    const second = await get('/v1/status');
    assert.equal(first.body.data.reason, 'not_configured');
    assert.equal(second.headers.get('etag'), first.headers.get('etag'));
    const revalidated = await get('/v1/status', { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(revalidated.status, 304);
  });

  it('a preflight that echoes the requested headers varies on them', async () => {
    const { get } = api();
    const echoed = await get('/v1/stats', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' } });
    assert.equal(echoed.status, 204);
    assert.equal(echoed.headers.get('access-control-allow-headers'), 'if-none-match');
    assert.equal(echoed.headers.get('vary'), 'Access-Control-Request-Headers');
    const plain = await get('/v1/stats', { method: 'OPTIONS', headers: { origin: 'https://x.example', 'access-control-request-method': 'GET' } });
    assert.equal(plain.headers.get('vary'), null);
  });

  it('an advancement id with its slash percent-encoded (%2F) is found', async () => {
    const { get } = api();
    const plain = await get('/v1/advancements/story/mine_stone');
    const encoded = await get('/v1/advancements/story%2Fmine_stone');
    assert.equal(plain.status, 200);
    assert.equal(encoded.status, 200);
    assert.equal(encoded.body.data.id, plain.body.data.id);
  });
});
