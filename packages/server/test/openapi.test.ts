import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LiveStatus } from '../src/live/types.js';
import { NOW, uuids } from './fixture.js';
import { api, BASE } from './harness.js';
import { documentErrors, responseValidator } from './openapiValidator.js';

const status: LiveStatus = {
  online: true, players_online: 3, players_max: 20, version: '1.21.4', protocol: 769, motd: 'hi', sample: [{ name: 'Steve', uuid: uuids.steve }],
  latency_ms: 5, edition: 'java', reason: null, bedrock: null, checked_at: new Date(NOW).toISOString(),
};

/** Requests covering every route, parameter and error row, on the fixture world. */
const REQUESTS: [string, RequestInit?][] = [
  ['/v1'], ['/v1/status'], ['/v1/health'], ['/v1/server'], ['/openapi.json'], ['/v1/openapi.json'],
  ['/v1/history'], ['/v1/history?resolution=raw&limit=5'], ['/v1/history?resolution=daily'], ['/v1/history?resolution=bogus'],
  ['/v1/stats'], ['/v1/stats?search=diamond&limit=2&offset=1'], ['/v1/stats?limit=0'],
  ['/v1/stats/jump'], ['/v1/stats/walk_one_cm'], ['/v1/stats/damage_dealt'], ['/v1/stats/play_time'], ['/v1/stats/nope'],
  ['/v1/totals'], ['/v1/totals?search=jump'],
  ['/v1/advancements'], ['/v1/advancements?include=all&sort=first&limit=500'], ['/v1/advancements?category=end&sort=title'], ['/v1/advancements?sort=x'],
  ['/v1/advancements/story/root'], ['/v1/advancements/blazeandcave:technical/joined'], ['/v1/advancements/end/elytra'], ['/v1/advancements/nope'],
  ['/v1/advancements/story/root/holders'], ['/v1/advancements/story/root/holders?order=latest&limit=2&offset=1'], ['/v1/advancements/nope/holders'],
  ['/v1/players'], ['/v1/players?edition=bedrock&ranked=true&sort=name'], ['/v1/players?ranked=maybe'],
  ...Object.values(uuids).map((uuid): [string] => [`/v1/players/${uuid}`]),
  ['/v1/players/Herobrine'], ['/v1/players/%E0%A4%A'],
  ['/v1/players/Steve/stats'], ['/v1/players/Newbie_1/stats'], ['/v1/players/Steve/stats?ids=jump,nope'],
  ['/v1/players/Steve/advancements'], ['/v1/players/Alex/advancements?completed=false'], ['/v1/players/Steve/advancements?include=recipes'],
  ['/v1/players/Steve/milestones'], [`/v1/players/${uuids.nameless}/milestones`], ['/v1/players/Herobrine/milestones'],
  ['/v1/players/Steve/activity'], ['/v1/players/Builder_Bob/activity'],
  ['/v1/hall-of-fame'], ['/v1/feed'], ['/v1/feed?player=Alex&category=husbandry&since=1700000000'], ['/v1/feed?player=nobody'], ['/v1/feed?since=x'],
  ['/v1/activity'], ['/v1/activity/players'], ['/v1/activity/players?period=all&sort=deaths'], ['/v1/activity/players?period=x'],
  ['/v1/events'], ['/v1/events?active=true'], ['/v1/events/play_time_week2'], ['/v1/events/nope'],
  ['/v1/mods'], ['/v1/modpack'], ['/v1/compare?players=Steve,Alex'], ['/v1/compare?players=Steve'], ['/v1/compare?players=Steve,Nobody'],
  ['/v1/random/player'], ['/v1/random/stat'],
  ['/v1/badge/server.svg'], ['/v1/badge/player/Steve.svg?stat=jump'], ['/v1/badge/player/Nobody.svg'], ['/v1/badge/player/Steve.svg?stat=nope'],
  ['/v1/card/player/Steve.svg'], ['/v1/card/player/Nobody.svg'],
  ['/stats'], ['/v1/nothing'], ['/v1/stats', { method: 'POST', body: 'x' }], ['/v1/stats', { method: 'OPTIONS' }],
  ['/v1/stats', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } }], ['/v1/stats/jump', { method: 'HEAD' }],
];

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document declaring version 1.3.0', async () => {
    const { body } = await api().get('/openapi.json');
    assert.deepEqual(await documentErrors(body), []);
    assert.equal(body.openapi, '3.1.0');
    assert.equal(body.info.version, '1.3.0');
  });

  it('documents every default of DECISIONS 18', async () => {
    const { body } = await api().get('/openapi.json');
    const limitDefault = (path: string) => body.paths[path].get.parameters.find((p: { name: string }) => p.name === 'limit').schema.default;
    assert.equal(limitDefault('/v1/stats'), 250);
    assert.equal(limitDefault('/v1/totals'), 250);
    assert.equal(limitDefault('/v1/advancements'), 100);
    assert.equal(limitDefault('/v1/history'), 168);
    assert.equal(limitDefault('/v1/players'), 50);
    assert.equal(limitDefault('/v1/feed'), 50);
  });

  it('every response of the fixture world conforms, errors included', async () => {
    const { get, router } = api({
      status: { status: async () => status },
      rateLimit: { limit: 1000 },
      readRecipes: () => [{ id: 'minecraft:recipes/misc/charcoal', at: NOW - 1000 }],
    });
    const { body: document } = await get('/openapi.json');
    const check = responseValidator(document);
    const mismatches: string[] = [];
    for (const [path, init] of REQUESTS) {
      const res = await get(path, init);
      mismatches.push(...check({ method: init?.method ?? 'GET', url: `${BASE}${path}`, status: res.status, headers: res.headers, text: res.text }));
    }
    // 304, 429 and 503 too.
    const etag = (await get('/v1/stats/jump')).headers.get('etag')!;
    const notModified = await get('/v1/stats/jump', { headers: { 'if-none-match': etag } });
    mismatches.push(...check({ method: 'GET', url: `${BASE}/v1/stats/jump`, status: notModified.status, headers: notModified.headers, text: notModified.text }));
    const limited = api({ rateLimit: { limit: 1 } });
    await limited.get('/v1/stats');
    for (const path of ['/v1/stats', '/v1/badge/server.svg']) {
      const tooMany = await limited.get(path);
      assert.equal(tooMany.status, 429);
      mismatches.push(...check({ method: 'GET', url: `${BASE}${path}`, status: 429, headers: tooMany.headers, text: tooMany.text }));
    }
    const empty = api({ snapshot: () => null, record: () => null, rateLimit: { limit: 1000 } });
    for (const path of ['/v1/stats', '/v1/players/Steve/activity', '/v1/history', '/v1/card/player/Steve.svg', '/v1/health']) {
      const res = await empty.get(path);
      mismatches.push(...check({ method: 'GET', url: `${BASE}${path}`, status: res.status, headers: res.headers, text: res.text }));
    }
    assert.ok(router.routes.length > 0);
    assert.deepEqual(mismatches, []);
  });
});
