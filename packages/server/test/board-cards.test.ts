import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PngRenderRequest } from '../src/router/PngRenderRequest.js';
import { pngKey } from '../src/router/pngKey.js';
import { fixtureSnapshot } from './fixture.js';
import { api, problemCode } from './harness.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/** The texts an SVG draws, in order. */
const texts = (svg: string): string[] => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'"));

function drawing() {
  const asked: Array<{ svg: string; request: PngRenderRequest }> = [];
  const { get } = api({ renderPng: async (svg, request) => (asked.push({ svg, request }), PNG) });
  return { get, asked };
}

describe('GET /v1/card/stat/{stat}.svg and .png', () => {
  it("draws the board's first five rows as the leaderboard answers them", async () => {
    const { get } = api();
    const board = (await get('/v1/stats/jump?limit=5')).body;
    const res = await get('/v1/card/stat/jump.svg');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
    const drawn = texts(res.text);
    assert.equal(drawn[0], board.meta.stat.title);
    assert.equal(drawn[1], `${fixtureSnapshot().server.short_name} \u00B7 all time`);
    const rows = board.data.map((e: any) => [`#${e.rank}`, e.player.name, e.display]).flat();
    assert.deepEqual(drawn.slice(2), rows);
    assert.ok(rows.length >= 3, 'the fixture board has rows to compare');
  });

  it('answers an unknown stat with a 404 SVG error badge, and a bad period with a 400 naming it', async () => {
    const { get } = api();
    const missing = await get('/v1/card/stat/no_such_stat.svg');
    assert.equal(missing.status, 404);
    assert.match(missing.text, /<svg/);
    const bad = await get('/v1/card/stat/jump.svg?period=fortnight');
    assert.equal(bad.status, 400);
    assert.match(bad.text, /period/);
  });

  it('renders the PNG through renderPng keyed by its SVG\'s digest (a colour that falls back is the default colour)', async () => {
    const { get, asked } = drawing();
    const res = await get('/v1/card/stat/jump.png?color=purple');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.request.key, await pngKey(asked[0]!.svg));
    assert.equal(asked[0]!.svg, (await get('/v1/card/stat/jump.svg?color=purple')).text);
    await get('/v1/card/stat/jump.png?color=not-a-colour');
    await get('/v1/card/stat/jump.png');
    assert.equal(asked[1]!.request.key, asked[2]!.request.key, 'a colour that falls back is the default colour');
  });

  it('answers 404 problems (not SVG) for a PNG where no renderer is, or for an unknown stat', async () => {
    for (const [get, path] of [[api().get, '/v1/card/stat/jump.png'], [drawing().get, '/v1/card/stat/nope.png']] as const) {
      const res = await get(path);
      assert.equal(res.status, 404);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.equal(problemCode(res.body), 'not-found');
    }
  });
});

describe('GET /v1/card/hall-of-fame.svg and .png', () => {
  it('draws the five highest crown scores as the hall of fame answers them', async () => {
    const { get } = api();
    const hof = (await get('/v1/hall-of-fame?limit=5')).body;
    const drawn = texts((await get('/v1/card/hall-of-fame.svg')).text);
    assert.equal(drawn[0], 'Hall of fame');
    assert.deepEqual(drawn.slice(2), hof.data.map((e: any) => [`#${e.rank}`, e.player.name, e.crown_score.toLocaleString('en-US')]).flat());
    assert.ok(hof.data.length >= 2);
  });

  it('renders its PNG through renderPng', async () => {
    const { get, asked } = drawing();
    assert.equal((await get('/v1/card/hall-of-fame.png')).status, 200);
    assert.match(asked[0]!.svg, /Hall of fame/);
  });
});

describe('GET /v1/card/event/{event_id}.svg and .png', () => {
  it("draws an event's first five standings as the event answers them", async () => {
    // The schedule the community tests use, whose week 2 (play time) has standings.
    const { get } = api({ events: { pool: ['jump'], schedule: { 2: 'play_time' } } });
    const list = (await get('/v1/events')).body.data;
    const withStandings = list.find((e: any) => e.participants > 0);
    assert.ok(withStandings, 'the fixture has an event with standings');
    const event = (await get(`/v1/events/${withStandings.id}`)).body.data;
    const drawn = texts((await get(`/v1/card/event/${event.id}.svg`)).text);
    assert.equal(drawn[0], event.title);
    assert.ok(drawn[1]!.includes(event.starts_at.slice(0, 10)), drawn[1]);
    assert.deepEqual(drawn.slice(2), event.standings.slice(0, 5).map((e: any) => [`#${e.rank}`, e.player.name, e.display]).flat());
    const empty = list.find((e: any) => e.participants === 0);
    if (empty) assert.deepEqual(texts((await get(`/v1/card/event/${empty.id}.svg`)).text).slice(2), ['No one has taken part yet']);
  });

  it('answers an unknown event with a 404 badge, and renders the PNG through renderPng', async () => {
    assert.equal((await api().get('/v1/card/event/jump_week999.svg')).status, 404);
    const { get, asked } = drawing();
    const id = (await get('/v1/events')).body.data[0].id;
    assert.equal((await get(`/v1/card/event/${id}.png`)).status, 200);
    assert.equal(asked[0]!.svg, (await get(`/v1/card/event/${id}.svg`)).text);
    assert.equal(asked[0]!.request.key, await pngKey(asked[0]!.svg));
  });
});
