import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../src/http/ApiError.js';
import { openapiDocument } from '../src/openapi/openapiDocument.js';
import type { PngRenderRequest } from '../src/router/PngRenderRequest.js';
import { pngKey } from '../src/router/pngKey.js';
import { allRoutes } from '../src/router/routes/allRoutes.js';
import { fixtureSnapshot, uuids } from './fixture.js';
import { api, problemCode } from './harness.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** A router whose renderPng records what it was asked. */
function drawing(render: (svg: string, request: PngRenderRequest) => Promise<Uint8Array> = async () => PNG) {
  const asked: PngRenderRequest[] = [];
  const { get } = api({ rateLimit: { limit: 240 }, responseCacheBytes: 0, renderPng: (svg, request) => (asked.push(request), render(svg, request)) });
  return { get, asked };
}

describe('GET /v1/card/player/{player}.png', () => {
  it('draws the card through renderPng, keyed by its SVG\'s digest, for the asking client', async () => {
    const { get, asked } = drawing();
    const res = await get('/v1/card/player/Steve.png?color=green');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.client, '198.51.100.20');
    assert.equal(asked[0]!.key, await pngKey((await get('/v1/card/player/Steve.svg?color=green')).text));
  });

  it('keeps the key of a card a new snapshot draws alike, and gives a changed card another', async () => {
    const asked: PngRenderRequest[] = [];
    let snapshot = fixtureSnapshot();
    const { get } = api({ snapshot: () => snapshot, renderPng: async (_svg, request) => (asked.push(request), PNG) });
    await get('/v1/card/player/Steve.png');
    snapshot = { ...fixtureSnapshot(), generation: 'a later pull' };
    await get('/v1/card/player/Steve.png');
    snapshot = { ...snapshot, generation: 'renamed', players: snapshot.players.map((p) => (p.uuid === uuids.steve ? { ...p, name: 'Stevie' } : p)) };
    await get(`/v1/card/player/${uuids.steve}.png`);
    assert.equal(asked.length, 3, 'each snapshot asks the renderer, which keeps the PNGs by key');
    assert.equal(asked[0]!.key, asked[1]!.key);
    assert.notEqual(asked[1]!.key, asked[2]!.key);
  });

  it('gives one key to every spelling of one card: name, UUID, case, a colour that falls back', async () => {
    const { get, asked } = drawing();
    for (const path of ['/v1/card/player/Steve.png', `/v1/card/player/${uuids.steve}.png`, '/v1/card/player/STEVE.png?color=not-a-colour', '/v1/card/player/steve.png?scale=3']) {
      assert.equal((await get(path)).status, 200, path);
    }
    assert.equal(new Set(asked.map((r) => r.key)).size, 1);
    await get('/v1/card/player/Steve.png?color=red');
    assert.equal(new Set(asked.map((r) => r.key)).size, 2, 'another colour is another image');
  });

  const problems: Array<[string, ReturnType<typeof drawing>['get'], string, number, string]> = [
    ['an unknown player', drawing().get, '/v1/card/player/Nobody.png', 404, 'not-found'],
    ['a router without renderPng', api().get, '/v1/card/player/Steve.png', 404, 'not-found'],
    ['no snapshot yet', api({ snapshot: () => null, renderPng: async () => PNG }).get, '/v1/card/player/Steve.png', 503, 'unavailable'],
  ];
  for (const [what, get, path, status, code] of problems) {
    it(`answers ${what} with a ${status} problem, never an SVG`, async () => {
      const res = await get(path);
      assert.equal(res.status, status);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.equal(problemCode(res.body), code);
      assert.equal(res.headers.get('cache-control'), 'no-store');
    });
  }

  it('passes on the renderer\'s 503 (busy) with its Retry-After and the rate-limit headers', async () => {
    const { get } = drawing(async () => {
      throw new ApiError('unavailable', 'The server is rendering 16 cards already; try again in a moment.', { headers: { 'retry-after': '2' } });
    });
    const res = await get('/v1/card/player/Steve.png');
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(res.headers.get('retry-after'), '2');
    assert.ok(res.headers.get('ratelimit-remaining'));
    assert.match(res.body.detail, /16 cards already/);
  });

  it('the SVG card keeps its SVG error badge', async () => {
    const res = await drawing().get('/v1/card/player/Nobody.svg');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  });

  it('is described in the OpenAPI document with its 503 (and 404, 429) as problems', () => {
    const doc = openapiDocument(allRoutes, { baseUrl: 'http://x', problemBase: 'http://x/problems', rateLimit: { limit: 240, windowSeconds: 60 } }) as any;
    const responses = doc.paths['/v1/card/player/{player}.png'].get.responses;
    for (const status of ['404', '429', '503']) assert.match(responses[status].$ref, /^#\/components\/responses\//, status);
    assert.ok(doc.paths['/v1/card/player/{player}.svg'].get.responses['404'].content['image/svg+xml']);
  });
});
