import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NOW, uuids } from './fixture.js';
import { api, problemCode } from './harness.js';

const { get } = api();

describe('GET /v1/hall-of-fame', () => {
  it('ranks medal holders by crown score with meta.crown_weights', async () => {
    const { body } = await get('/v1/hall-of-fame');
    assert.deepEqual(body.meta.crown_weights, { gold: 4, silver: 2, bronze: 1 });
    assert.equal(body.data[0].player.name, 'Steve');
    assert.equal(body.data[0].rank, 1);
    const scores = body.data.map((e: { crown_score: number }) => e.crown_score);
    assert.deepEqual(scores, [...scores].sort((a: number, b: number) => b - a));
    for (const e of body.data) {
      const { gold, silver, bronze } = e.medals;
      assert.equal(e.crown_score, gold * 4 + silver * 2 + bronze);
    }
  });

  it('pages', async () => {
    const { body } = await get('/v1/hall-of-fame?limit=1&offset=1');
    assert.equal(body.data.length, 1);
    assert.equal(body.meta.pagination.offset, 1);
  });
});

describe('GET /v1/feed', () => {
  it('lists vanilla unlocks newest first with meta.feed_window and meta.oldest_in_feed', async () => {
    const { body } = await get('/v1/feed');
    const times = body.data.map((e: { completed_at: string }) => e.completed_at);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.ok(body.data.every((e: { advancement: { source: string } }) => e.advancement.source === 'vanilla'));
    assert.equal(typeof body.meta.feed_window, 'number');
    assert.equal(body.meta.oldest_in_feed, times.at(-1));
    const first = body.data.find((e: { advancement: { id: string } }) => e.advancement.id === 'minecraft:end/kill_dragon');
    assert.equal(first.first_on_server, true);
    assert.equal(typeof first.advancement.icon, 'string');
    assert.equal(typeof first.advancement.rarity, 'number');
  });

  const filters: [string, (e: any) => boolean][] = [
    ['player=Alex', (e) => e.player.name === 'Alex'],
    [`player=${uuids.alex}`, (e) => e.player.name === 'Alex'],
    ['category=husbandry', (e) => e.advancement.category === 'husbandry'],
    ['since=2026-05-20T00:00:00Z', (e) => e.completed_at >= '2026-05-20T00:00:00.000Z'],
    [`since=${Date.UTC(2026, 4, 20) / 1000}`, (e) => e.completed_at >= '2026-05-20T00:00:00.000Z'],
  ];
  for (const [query, holds] of filters) {
    it(`${query} filters`, async () => {
      const { status, body } = await get(`/v1/feed?${query}`);
      assert.equal(status, 200);
      assert.ok(body.data.length > 0);
      assert.ok(body.data.every(holds));
    });
  }

  it('since without a UTC offset is UTC (SPEC: all timestamps are UTC), whatever the host time zone', async () => {
    const utc = await get('/v1/feed?since=2026-05-22T00:00:00Z&limit=500');
    const bare = await get('/v1/feed?since=2026-05-22T00:00:00&limit=500');
    const spaced = await get('/v1/feed?since=2026-05-22%2000:00:00&limit=500');
    assert.ok(utc.body.data.length > 0);
    assert.deepEqual(bare.body.data, utc.body.data);
    assert.deepEqual(spaced.body.data, utc.body.data);
  });

  it('an unknown player is 404; a bad category or since is 400', async () => {
    const unknown = await get('/v1/feed?player=Herobrine');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.detail, /dashed UUID/);
    for (const [query, parameter] of [['category=recipes', 'category'], ['since=yesterday', 'since'], ['since=-5', 'since'], ['since=2026-02-30T00:00:00Z', 'since'], ['since=2026-05-20T24:30:00Z', 'since'], ['since=2026-05-20T10:61Z', 'since']]) {
      const res = await get(`/v1/feed?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.body.parameter, parameter);
    }
  });
});

describe('GET /v1/activity', () => {
  it('has hour_of_day (24 local hours) and daily totals, newest day first', async () => {
    const { body } = await get('/v1/activity');
    assert.equal(body.data.hour_of_day.length, 24);
    assert.equal(body.meta.recording_since, '2026-11-08T00:00:00.000Z');
    const h19 = body.data.hour_of_day[19];
    assert.ok(h19.average_players > 0);
    assert.equal(body.data.hour_of_day[3].average_players, 0);
    assert.equal(body.data.daily[0].date, '2026-11-18');
    const nov17 = body.data.daily.find((d: { date: string }) => d.date === '2026-11-17');
    assert.deepEqual({ ...nov17, starts_at: undefined }, { date: '2026-11-17', starts_at: undefined, active_players: 2, hours_played: 3, deaths: 1 }, 'Steve 2 h and .Pocket_Pro 1 h (one death) on an odd day');
  });

  it('503 without a record', async () => {
    const { status, body } = await api({ record: () => null }).get('/v1/activity');
    assert.equal(status, 503);
    assert.equal(problemCode(body), 'unavailable');
  });
});

describe('GET /v1/activity/players', () => {
  it('ranks active players by minutes over 7 days by default', async () => {
    const { body } = await get('/v1/activity/players');
    assert.equal(body.meta.period, '7d');
    assert.equal(body.meta.sort, 'minutes');
    assert.deepEqual(body.data.map((e: { player: { name: string }; minutes: number }) => [e.player.name, e.minutes]), [['Steve', 840], ['.Pocket_Pro', 240], ['Alex', 90]]);
    assert.deepEqual(Object.keys(body.data[0]).sort(), ['deaths', 'hours', 'minutes', 'player', 'rank', 'sessions']);
  });

  it('period and sort', async () => {
    const deaths = await get('/v1/activity/players?sort=deaths&period=all');
    assert.equal(deaths.body.data[0].player.name, '.Pocket_Pro');
    assert.equal(deaths.body.meta.period_starts_at, '2026-11-08T00:00:00.000Z');
    const sessions = await get('/v1/activity/players?sort=sessions&period=30d');
    assert.equal(sessions.body.data[0].player.name, 'Steve');
  });

  it('400 for a bad period or sort; 503 without a record', async () => {
    assert.equal((await get('/v1/activity/players?period=1y')).body.parameter, 'period');
    assert.equal((await get('/v1/activity/players?sort=kills')).body.parameter, 'sort');
    assert.equal((await api({ record: () => null }).get('/v1/activity/players')).status, 503);
  });
});

describe('GET /v1/events and /v1/events/{event_id}', () => {
  it('lists weekly events newest first, each with its leader', async () => {
    const { body } = await get('/v1/events');
    assert.deepEqual(body.data.map((e: { week: number; state: string }) => [e.week, e.state]), [[3, 'running'], [2, 'finished'], [1, 'finished']]);
    for (const event of body.data) {
      assert.match(event.id, /^[a-z_]+_week\d+$/);
      assert.equal(event.id, `${event.stat.id}_week${event.week}`);
      assert.equal(typeof event.title, 'string');
      assert.equal(event.active, event.state === 'running');
      if (event.leader) {
        assert.ok(event.leader.player.uuid);
        assert.equal(typeof event.leader.display, 'string');
      }
    }
    assert.equal(body.meta.recording_since, '2026-11-08T00:00:00.000Z');
  });

  it('active=true gives running events, active=false finished ones', async () => {
    const running = await get('/v1/events?active=true');
    assert.ok(running.body.data.length > 0 && running.body.data.every((e: { state: string }) => e.state === 'running'));
    const finished = await get('/v1/events?active=false');
    assert.ok(finished.body.data.length > 0 && finished.body.data.every((e: { state: string }) => e.state === 'finished'));
    assert.equal((await get('/v1/events?active=maybe')).body.parameter, 'active');
  });

  it('a configured schedule and pool pick the stats', async () => {
    const { body } = await api({ events: { pool: ['jump'], schedule: { 2: 'play_time' } } }).get('/v1/events');
    assert.deepEqual(body.data.map((e: { id: string }) => e.id), ['jump_week3', 'play_time_week2', 'jump_week1']);
    const finished = body.data[1];
    assert.equal(finished.leader.player.name, 'Steve');
    assert.equal(finished.leader.unit, 'ticks');
  });

  it('one event in the list-entry shape; 404 for an unknown id', async () => {
    const list = (await get('/v1/events')).body.data;
    const one = await get(`/v1/events/${list[1].id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data, list[1]);
    const missing = await get('/v1/events/jump_week99');
    assert.equal(missing.status, 404);
    assert.equal(problemCode(missing.body), 'not-found');
  });
});

describe('record-derived answers between two pulls', () => {
  // The fixture's last pull is at NOW; requests a few minutes later know nothing newer.
  const paths = ['/v1/activity', '/v1/activity/players', '/v1/history?resolution=raw', '/v1/events', `/v1/players/${uuids.steve}/activity`];
  for (const path of paths) {
    it(`${path} keeps its body and ETag until the next pull, so revalidation is a 304`, async () => {
      let now = NOW + 60_000;
      const { get } = api({ clock: () => now });
      const first = await get(path);
      assert.equal(first.status, 200);
      now += 9 * 60_000;
      const later = await get(path);
      assert.equal(later.text, first.text);
      assert.equal(later.headers.get('etag'), first.headers.get('etag'));
      const revalidated = await get(path, { headers: { 'If-None-Match': first.headers.get('etag')! } });
      assert.equal(revalidated.status, 304);
    });
  }
});
