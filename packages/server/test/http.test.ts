import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from '@blockstats/core';
import { allRoutes } from '../src/router/routes/allRoutes.js';
import { BUILT_AT, fixtureSave, NOW, uuids } from './fixture.js';
import { api, problemCode } from './harness.js';

/** A concrete request for every route. */
const EXAMPLES: Record<string, string> = {
  '/v1': '/v1',
  '/v1/status': '/v1/status',
  '/v1/health': '/v1/health',
  '/v1/server': '/v1/server',
  '/v1/history': '/v1/history?resolution=daily',
  '/openapi.json': '/openapi.json',
  '/v1/openapi.json': '/v1/openapi.json',
  '/v1/stats': '/v1/stats?limit=3',
  '/v1/stats/{stat_id}': '/v1/stats/jump',
  '/v1/totals': '/v1/totals?limit=3',
  '/v1/advancements': '/v1/advancements?limit=3',
  '/v1/advancements/{advancement_id}/holders': '/v1/advancements/story/root/holders',
  '/v1/advancements/{advancement_id}': '/v1/advancements/story/root',
  '/v1/players': '/v1/players',
  '/v1/players/{player}': '/v1/players/Steve',
  '/v1/players/{player}/stats': '/v1/players/Steve/stats?ids=jump',
  '/v1/players/{player}/advancements': '/v1/players/Steve/advancements',
  '/v1/players/{player}/milestones': '/v1/players/Steve/milestones',
  '/v1/players/{player}/activity': '/v1/players/Steve/activity',
  '/v1/players/{player}/history': '/v1/players/Steve/history?stat=jump',
  '/v1/stats/{stat_id}/daily': '/v1/stats/jump/daily?period=month',
  '/v1/hall-of-fame': '/v1/hall-of-fame',
  '/v1/feed': '/v1/feed',
  '/v1/activity': '/v1/activity',
  '/v1/activity/players': '/v1/activity/players',
  '/v1/events': '/v1/events',
  '/v1/events/{event_id}': '/v1/events/play_time_week2',
  '/v1/mods': '/v1/mods',
  '/v1/modpack': '/v1/modpack',
  '/v1/compare': '/v1/compare?players=Steve,Alex',
  '/v1/random/player': '/v1/random/player',
  '/v1/random/stat': '/v1/random/stat',
  '/v1/badge/server.svg': '/v1/badge/server.svg',
  '/v1/badge/player/{player}.svg': '/v1/badge/player/Steve.svg',
  '/v1/card/player/{player}.svg': '/v1/card/player/Steve.svg',
  '/v1/card/player/{player}.png': '/v1/card/player/Steve.png',
  '/v1/crowns': '/v1/crowns',
  '/v1/card/stat/{stat}.svg': '/v1/card/stat/jump.svg',
  '/v1/card/stat/{stat}.png': '/v1/card/stat/jump.png',
  '/v1/card/hall-of-fame.svg': '/v1/card/hall-of-fame.svg',
  '/v1/card/hall-of-fame.png': '/v1/card/hall-of-fame.png',
  '/v1/card/event/{event_id}.svg': '/v1/card/event/play_time_week2.svg',
  '/v1/card/event/{event_id}.png': '/v1/card/event/play_time_week2.png',
};

/** Routes that answer without a snapshot (the live ones and the document). */
const WITHOUT_SNAPSHOT = new Set(['/v1', '/v1/status', '/v1/health', '/openapi.json', '/v1/openapi.json', '/v1/mods', '/v1/modpack', '/v1/badge/server.svg']);

const routes = allRoutes.map((route) => ({ route, path: EXAMPLES[route.path]! }));
const modpackRouter = { modpack: { modpack: async () => null } };

describe('every route', () => {
  it('has an example here', () => {
    for (const { route, path } of routes) assert.ok(path, route.path);
  });

  const { get } = api({ rateLimit: { limit: 10_000 } });
  for (const { route, path } of routes) {
    it(`${path}: HEAD equals GET without a body; CORS and rate-limit headers present`, async () => {
      const full = await get(path);
      const head = await get(path, { method: 'HEAD' });
      assert.equal(head.status, full.status);
      assert.equal(head.text, '');
      for (const name of ['content-type', 'cache-control', 'etag', 'last-modified', 'access-control-allow-origin', 'access-control-expose-headers', 'ratelimit-limit', 'ratelimit-policy']) {
        if (name === 'etag' && (route.cache === 'never' || route.noEtag)) continue;
        assert.equal(head.headers.get(name) !== null, full.headers.get(name) !== null, `${name} on ${path}`);
      }
      if (full.status === 200) assert.equal(head.headers.get('content-length'), String(Buffer.byteLength(full.text)));
      assert.equal(full.headers.get('access-control-allow-origin'), '*');
      assert.ok(full.headers.get('ratelimit-remaining'));
    });
  }

  const empty = api({ snapshot: () => null, record: () => null, ...modpackRouter });
  for (const { route, path } of routes.filter(({ route }) => !WITHOUT_SNAPSHOT.has(route.path))) {
    it(`${path}: 503 unavailable while there is no snapshot`, async () => {
      const res = await empty.get(path);
      assert.equal(res.status, 503, path);
      if (route.kind === 'svg') {
        assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
      } else {
        assert.equal(problemCode(res.body), 'unavailable');
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
      }
    });
  }
});

describe('503 unavailable', () => {
  it('carries Retry-After when the next regeneration time is known (DECISIONS 22)', async () => {
    const { get } = api({ snapshot: () => null, health: () => ({ nextPullAt: NOW + 90_500 }) });
    const res = await get('/v1/players');
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), '91');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal(res.body.title, 'Service unavailable');
  });

  it('has no Retry-After when no retry time is known', async () => {
    const res = await api({ snapshot: () => null }).get('/v1/players');
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('retry-after'), null);
  });
});

describe('Cache-Control per endpoint', () => {
  const { get } = api();
  const expected: [string, string][] = [
    ['/v1/health', 'no-store'],
    ['/v1/random/player', 'no-store'],
    ['/v1/random/stat', 'no-store'],
    ['/v1/status', 'public, max-age=10'],
    ['/v1/stats', 'public, max-age=60'],
    ['/v1/players/Steve', 'public, max-age=60'],
    ['/v1/mods', 'public, max-age=600'],
    ['/v1/card/player/Steve.svg', 'public, max-age=300'],
  ];
  for (const [path, value] of expected) {
    it(`${path}: ${value}`, async () => assert.equal((await get(path)).headers.get('cache-control'), value));
  }
});

describe('ETag, If-None-Match, Last-Modified', () => {
  it('Last-Modified mirrors meta.data_updated_at', async () => {
    const { headers, body } = await api().get('/v1/stats/jump');
    assert.equal(body.meta.data_updated_at, new Date(BUILT_AT).toISOString());
    assert.equal(headers.get('last-modified'), new Date(BUILT_AT).toUTCString());
  });

  it('the ETag is stable for a generation and changes with it', async () => {
    const first = await api().get('/v1/stats/jump');
    const again = await api().get('/v1/stats/jump');
    assert.equal(first.headers.get('etag'), again.headers.get('etag'));
    const save = fixtureSave();
    const steve = save.players.find((p) => p.uuid === uuids.steve)!;
    steve.stats['minecraft:custom']!['minecraft:jump'] = 12_346;
    const next = buildSnapshot(save, { now: BUILT_AT + 900_000, server: { name: 'Test SMP', short_name: 'TestSMP' } });
    const changed = await api({ snapshot: () => next }).get('/v1/stats/jump');
    assert.notEqual(changed.headers.get('etag'), first.headers.get('etag'));
    // A different representation of the same generation has its own ETag too.
    const paged = await api().get('/v1/stats/jump?limit=1');
    assert.notEqual(paged.headers.get('etag'), first.headers.get('etag'));
  });

  it('If-None-Match with the current ETag gives 304 on data endpoints, embeds and the document', async () => {
    const { get } = api({ rateLimit: { limit: 100 } });
    for (const path of ['/v1/stats/jump', '/v1/players/Steve', '/v1/activity', '/v1/badge/player/Steve.svg', '/openapi.json']) {
      const first = await get(path);
      const etag = first.headers.get('etag')!;
      const res = await get(path, { headers: { 'if-none-match': etag } });
      assert.equal(res.status, 304, path);
      assert.equal(res.text, '');
      assert.equal(res.headers.get('etag'), etag);
      assert.equal(res.headers.get('cache-control'), first.headers.get('cache-control'));
      assert.equal(res.headers.get('last-modified'), first.headers.get('last-modified'));
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      assert.equal(res.headers.get('ratelimit-remaining'), first.headers.get('ratelimit-remaining'), '304s are free');
      const stale = await get(path, { headers: { 'if-none-match': '"not-it"' } });
      assert.equal(stale.status, 200);
    }
  });

  it('If-Modified-Since gives 304 where Last-Modified dates the content, never on recorded activity', async () => {
    const { get } = api();
    const since = new Date(BUILT_AT).toUTCString();
    assert.equal((await get('/v1/stats/jump', { headers: { 'if-modified-since': since } })).status, 304);
    assert.equal((await get('/v1/stats/jump', { headers: { 'if-modified-since': new Date(BUILT_AT - 1000).toUTCString() } })).status, 200);
    assert.equal((await get('/v1/activity', { headers: { 'if-modified-since': since } })).status, 200);
    assert.equal((await get('/v1/status', { headers: { 'if-modified-since': since } })).status, 200);
  });

  it('health and random are never answered 304', async () => {
    const { get } = api();
    for (const path of ['/v1/health', '/v1/random/player', '/v1/random/stat']) {
      assert.equal((await get(path, { headers: { 'if-none-match': '*' } })).status, 200, path);
      assert.equal((await get(path, { headers: { 'if-modified-since': new Date(NOW).toUTCString() } })).status, 200, path);
    }
  });
});

describe('privacy: no per-session times anywhere', () => {
  /** Every key path of a JSON value with its value. */
  function* walk(value: unknown, path: string): Generator<[string, unknown]> {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        yield [`${path}.${k}`, v];
        yield* walk(v, `${path}.${k}`);
      }
    }
  }

  const { get } = api();
  const paths = [...Object.values(EXAMPLES).filter((p) => !p.endsWith('openapi.json')), '/v1/activity/players?period=all', '/v1/activity/players?sort=sessions', '/v1/players/.Pocket_Pro/activity', '/v1/history?resolution=raw&limit=500', '/v1/events?limit=500'];

  it('only a `sessions` count ever mentions sessions', async () => {
    for (const path of paths) {
      const { body } = await get(path);
      if (typeof body !== 'object') continue;
      for (const [key, value] of walk(body, path)) {
        if (/session/i.test(key.split('.').pop()!)) {
          assert.ok(key.endsWith('.sessions') && typeof value === 'number', `${key} must be a count`);
        }
      }
    }
  });

  it('player activity holds totals only: its only times are the week start and recording start', async () => {
    for (const path of ['/v1/players/Steve/activity', '/v1/activity/players?period=all']) {
      const { body } = await get(path);
      for (const [key, value] of walk(body.data, 'data')) {
        if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) {
          assert.match(key, /\.(week_starts_at|last_online)$/, `${path}: ${key} is a time`);
        }
      }
    }
  });
});
