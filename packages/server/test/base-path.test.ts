// createRouter({ basePath }): the API mounted under a path, as a Hono route, a Fastify prefix, a
// Next.js or SvelteKit `[...path]` route, or Express through req.originalUrl hand it over.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeBasePath, withinBasePath } from '../src/router/basePath.js';
import { api, BASE, problemCode } from './harness.js';

describe('normalizeBasePath(basePath)', () => {
  const cases: [string | undefined, string][] = [[undefined, ''], ['', ''], ['/', ''], ['/stats', '/stats'], ['stats/', '/stats'], ['/a/b.c~d-e_f//', '/a/b.c~d-e_f']];
  for (const [input, expected] of cases) it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(normalizeBasePath(input), expected));
  for (const bad of ['https://x/stats', '/stats?x=1', '/st ats', '/../x', '/a/./b', '/:id', '/stats(x)', '/stats*']) {
    it(`rejects ${JSON.stringify(bad)}, naming it`, () => assert.throws(() => normalizeBasePath(bad), (error: Error) => error instanceof TypeError && error.message.includes(JSON.stringify(bad))));
  }
});

describe('withinBasePath(pathname, basePath)', () => {
  const cases: [string, string, string | null][] = [
    ['/stats/v1/players', '/stats', '/v1/players'], ['/stats', '/stats', '/'], ['/stats/', '/stats', '/'],
    ['/statsx/v1', '/stats', null], ['/v1', '/stats', null], ['/v1', '', '/v1'], ['/STATS/v1', '/stats', null],
  ];
  for (const [path, base, expected] of cases) it(`${path} under ${JSON.stringify(base)} → ${expected}`, () => assert.equal(withinBasePath(path, base), expected));
});

describe('createRouter({ basePath })', () => {
  const { get } = api({ basePath: '/stats' });

  it('serves /v1 and /openapi.json under the base path, with links that include it', async () => {
    const list = await get('/stats/v1');
    assert.equal(list.status, 200);
    assert.equal(list.body.meta.openapi, `${BASE}/stats/openapi.json`);
    assert.ok(list.body.data.every((e: { url_template: string }) => e.url_template.startsWith(`${BASE}/stats/v1`)));
    const page = await get('/stats/v1/players?limit=2');
    assert.equal(page.status, 200);
    assert.equal(page.body.meta.pagination.next, `${BASE}/stats/v1/players?limit=2&offset=2`);
    const doc = await get('/stats/openapi.json');
    assert.equal(doc.status, 200);
    assert.deepEqual(doc.body.servers, [{ url: `${BASE}/stats` }]);
  });

  it('corrects an unversioned path inside the base path to one that keeps it', async () => {
    const res = await get('/stats/players?limit=1');
    assert.equal(res.status, 404);
    assert.equal(problemCode(res.body), 'unversioned-path');
    assert.equal(res.body.corrected_url, `${BASE}/stats/v1/players?limit=1`);
    assert.equal(res.body.type, `${BASE}/stats/problems/unversioned-path`);
  });

  it('answers 404 outside the base path, pointing at the endpoint list', async () => {
    for (const path of ['/v1/players', '/statsx/v1', '/']) {
      const res = await get(path);
      assert.equal(res.status, 404, path);
      assert.equal(problemCode(res.body), 'not-found', path);
      assert.match(res.body.detail, new RegExp(`${BASE}/stats/v1 lists every endpoint`), path);
    }
  });

  it('names req.originalUrl when a host stripped the mount path (Express handing over req.url)', async () => {
    const res = await get('/v1/players');
    assert.match(res.body.detail, /mounted under \/stats; .*\(in Express, req\.originalUrl\)/);
  });

  it('keeps embeds answering errors as SVG badges under the base path', async () => {
    const res = await get('/stats/v1/badge/player/NoSuchPlayer.svg');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /image\/svg\+xml/);
  });

  it('puts the base path after a configured base URL', async () => {
    const { get: getPublic } = api({ basePath: '/stats', baseUrl: 'https://example.org' });
    const res = await getPublic('/stats/v1/players?limit=2');
    assert.equal(res.body.meta.pagination.next, 'https://example.org/stats/v1/players?limit=2&offset=2');
  });

  it('normalises the option (stats/ is /stats)', async () => {
    const { router } = api({ basePath: 'stats/' });
    const res = await router.fetch(new Request(`${BASE}/stats/v1`));
    assert.equal((await res.json()).meta.openapi, `${BASE}/stats/openapi.json`);
  });

  it('rejects a base path that is not a path when the router is created', () => {
    assert.throws(() => api({ basePath: 'https://example.org/stats' }), /basePath must be a path/);
  });
});
