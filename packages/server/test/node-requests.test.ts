/**
 * `serve(router)`: requests the Node adapter cannot hand to `router.fetch` as they are (no Host,
 * a bad Host, TRACE, an over-long target, a target that is not a path) are answered by the
 * router's `refuse` like every other answer: a problem, CORS and RateLimit headers, counted;
 * paths starting with `//` stay paths on this host; Node's own parser errors get a minimal answer.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../src/node/serve.js';
import { api, problemCode } from './harness.js';
import { rawHttp, type RawHttpResponse } from './rawHttp.js';

let running: RunningServer;
before(async () => {
  running = await serve(api({ rateLimit: { limit: 1_000, windowSeconds: 60 } }).router, { port: 0, host: '127.0.0.1' });
});
after(() => running.close());

/** One raw request, its one answer. */
async function one(request: string): Promise<RawHttpResponse> {
  const { responses } = await rawHttp(running.port, request, { responses: 1 });
  assert.equal(responses.length, 1, 'an answer');
  return responses[0]!;
}

/** Asserts the answer is a problem with every header an answer carries. */
function assertProblem(res: RawHttpResponse, status: number, code: string): Record<string, unknown> {
  assert.equal(res.status, status);
  assert.equal(res.headers['content-type'], 'application/problem+json');
  assert.equal(res.headers['access-control-allow-origin'], '*');
  assert.match(res.headers['ratelimit-remaining'] ?? '', /^\d+$/, 'RateLimit headers');
  assert.equal(res.headers['ratelimit-policy'], '1000;w=60');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  assert.equal(problemCode(body as { type: string }), code);
  assert.equal(body.status, status);
  return body;
}

describe('serve(router): what cannot be a Request', () => {
  it('keeps //evil.com/v1/players a path on this host (a 404 problem, links stay here)', async () => {
    const res = await one('GET //evil.com/v1/players HTTP/1.1\r\nHost: stats.test\r\n\r\n');
    const body = assertProblem(res, 404, 'unversioned-path');
    assert.equal(body.instance, '//evil.com/v1/players');
    assert.match(String(body.type), /^http:\/\/stats\.test\//);
    assert.doesNotMatch(res.body, /\/\/evil\.com\/v1\/players\?|http:\/\/evil\.com/);
  });

  it('answers TRACE (a method the Fetch API forbids) 405 with Allow and a problem', async () => {
    const res = await one('TRACE /v1 HTTP/1.1\r\nHost: stats.test\r\n\r\n');
    assertProblem(res, 405, 'method-not-allowed');
    assert.equal(res.headers.allow, 'GET, HEAD');
  });

  const badRequests: [string, string][] = [
    ['no Host (HTTP/1.1)', 'GET /v1 HTTP/1.1\r\n\r\n'],
    ['an empty Host', 'GET /v1 HTTP/1.1\r\nHost:\r\n\r\n'],
    ['a Host port out of range', 'GET /v1 HTTP/1.1\r\nHost: stats.test:99999\r\n\r\n'],
    ['a Host that is not a host', 'GET /v1 HTTP/1.1\r\nHost: a b\r\n\r\n'],
    ['a Host with a path', 'GET /v1 HTTP/1.1\r\nHost: stats.test/x\r\n\r\n'],
    ['two Host headers', 'GET /v1 HTTP/1.1\r\nHost: a.test\r\nHost: b.test\r\n\r\n'],
  ];
  for (const [title, request] of badRequests) {
    it(`answers ${title} with a 400 problem carrying CORS and RateLimit headers`, async () => {
      const body = assertProblem(await one(request), 400, 'invalid-request');
      assert.match(String(body.type), /^http:\/\/127\.0\.0\.1:\d+\/problems\/invalid-request$/, 'typed under the address the client reached');
    });
  }

  it('answers an asterisk target (OPTIONS *) with a 400 problem', async () => {
    assertProblem(await one('OPTIONS * HTTP/1.1\r\nHost: stats.test\r\n\r\n'), 400, 'invalid-request');
  });

  it('answers on embed paths with an SVG badge carrying the status', async () => {
    const res = await one('GET /v1/badge/server.svg HTTP/1.1\r\nHost: stats.test:70000\r\n\r\n');
    assert.equal(res.status, 400);
    assert.match(res.headers['content-type'] ?? '', /^image\/svg\+xml/);
    assert.equal(res.headers['access-control-allow-origin'], '*');
  });

  it('serves an HTTP/1.0 request without Host on the address it reached', async () => {
    const res = await one('GET /v1 HTTP/1.0\r\n\r\n');
    assert.equal(res.status, 200);
  });

  it('takes an absolute-form target as RFC 9112 says', async () => {
    const res = await one('GET http://stats.test/v1/stats?limit=1 HTTP/1.1\r\nHost: other.test\r\n\r\n');
    assert.equal(res.status, 200);
    assert.match(JSON.parse(res.body).meta.pagination.next, /^http:\/\/stats\.test\/v1\/stats\?/);
  });

  it('answers a target longer than maxUrlBytes 414, and one longer than the header limit 431, both problems', async () => {
    const long = await one(`GET /v1/stats?search=${'a'.repeat(9_000)} HTTP/1.1\r\nHost: stats.test\r\n\r\n`);
    const body = assertProblem(long, 414, 'uri-too-long');
    assert.match(String(body.detail), /at most 8192/);
    const { responses, closed } = await rawHttp(running.port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: stats.test\r\n\r\n`);
    assert.deepEqual(responses.map((r) => [r.status, r.headers['content-type'], r.headers.connection, JSON.parse(r.body).type.endsWith('/headers-too-large')]), [[431, 'application/problem+json', 'close', true]]);
    assert.ok(closed);
  });

  it("answers Node's own parser errors with a well-formed 400 problem and closes", async () => {
    const { responses, closed } = await rawHttp(running.port, 'GET /v1 HTTP/1.1\r\nHost: stats.test\r\nBad Header\r\n\r\n');
    assert.deepEqual(responses.map((r) => [r.status, r.headers['content-type'], JSON.parse(r.body).type.endsWith('/invalid-request')]), [[400, 'application/problem+json', true]]);
    assert.ok(closed);
  });

  it('never cuts into answers already owed on a connection with a parser error', async () => {
    const { responses, closed } = await rawHttp(running.port, 'GET /v1 HTTP/1.1\r\nHost: stats.test\r\n\r\nGARBAGE\r\n\r\n');
    assert.ok(closed);
    assert.ok(responses.every((r) => r.status === 200 || r.status === 400), 'whole answers only');
  });
});
