import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UnavailableError } from '../src/live/UnavailableError.js';
import type { LiveStatus, ModEntry, Modpack } from '../src/live/types.js';
import { allRoutes } from '../src/router/routes/allRoutes.js';
import { NOW, uuids } from './fixture.js';
import { api, BASE, problemCode } from './harness.js';

const { get } = api();

/** Every path SPEC.md lists. */
const SPEC_PATHS = [
  '/v1', '/v1/status', '/v1/health', '/v1/server', '/v1/history',
  '/v1/stats', '/v1/stats/{stat_id}', '/v1/totals', '/v1/advancements', '/v1/advancements/{advancement_id}', '/v1/advancements/{advancement_id}/holders',
  '/v1/players', '/v1/players/{player}', '/v1/players/{player}/stats', '/v1/players/{player}/advancements', '/v1/players/{player}/milestones', '/v1/players/{player}/activity',
  '/v1/hall-of-fame', '/v1/feed', '/v1/activity', '/v1/activity/players', '/v1/events', '/v1/events/{event_id}',
  '/v1/mods', '/v1/modpack', '/v1/compare', '/v1/random/player', '/v1/random/stat',
  '/v1/badge/server.svg', '/v1/badge/player/{player}.svg', '/v1/card/player/{player}.svg',
  // Beyond SPEC.md (an additive v1 change): the card as PNG, for chat platforms and link previews.
  '/v1/card/player/{player}.png',
  // Issue 41 (additive): a player's weekly series and the server's daily totals from the stat history.
  '/v1/players/{player}/history', '/v1/stats/{stat_id}/daily',
  // Issue 41 (additive): the player of the week and of the month.
  '/v1/crowns',
  // Issue 39 (additive): the board cards, the link previews of leaderboards, the hall of fame and events.
  '/v1/card/stat/{stat}.svg', '/v1/card/stat/{stat}.png', '/v1/card/hall-of-fame.svg', '/v1/card/hall-of-fame.png',
  '/v1/card/event/{event_id}.svg', '/v1/card/event/{event_id}.png',
];

export const onlineStatus: LiveStatus = {
  online: true, players_online: 3, players_max: 20, version: 'Paper 1.21.4', protocol: 769, motd: 'Welcome\nto Test SMP',
  sample: [{ name: 'Steve', uuid: uuids.steve }], latency_ms: 12, edition: 'java', reason: null, bedrock: null,
  checked_at: new Date(NOW).toISOString(),
};

const mod = (slug: string | null, name: string | null, resolved = true): ModEntry => ({
  project_id: resolved ? 'AANobbMI' : null, slug, name, description: resolved ? 'A mod' : null, categories: resolved ? ['optimization'] : [],
  game_versions: resolved ? ['1.21.4'] : [], loaders: resolved ? ['fabric'] : [], downloads: resolved ? 1000 : null,
  icon_url: resolved ? 'https://cdn.example/icon.png' : null, project_url: resolved ? `https://modrinth.com/mod/${slug}` : null,
  resolved, source: 'jar', file: `${slug ?? 'mystery'}.jar`, version: resolved ? '1.0.0' : null,
});

describe('GET /v1', () => {
  it('lists every endpoint of SPEC.md with its parameters', async () => {
    const { body } = await get('/v1');
    const paths = body.data.map((e: { path: string }) => e.path);
    for (const path of SPEC_PATHS) assert.ok(paths.includes(path), path);
    assert.deepEqual(paths.sort(), [...SPEC_PATHS].sort());
    const players = body.data.find((e: { path: string }) => e.path === '/v1/players');
    assert.deepEqual(players.parameters, ['search', 'edition', 'ranked', 'sort', 'limit', 'offset']);
    assert.equal(players.url_template, `${BASE}/v1/players`);
    assert.equal(body.data.find((e: { path: string }) => e.path === '/v1/badge/server.svg').media_type, 'image/svg+xml');
  });

  it('every route declares a SPEC path (nothing extra besides the OpenAPI document)', () => {
    const declared = allRoutes.map((r) => r.path).filter((p) => !p.endsWith('openapi.json'));
    assert.deepEqual(declared.sort(), [...SPEC_PATHS].sort());
  });
});

describe('GET /v1/status', () => {
  it('serves the live ping, cached 10 seconds', async () => {
    const { status, headers, body } = await api({ status: { status: async () => onlineStatus } }).get('/v1/status');
    assert.equal(status, 200);
    assert.equal(headers.get('cache-control'), 'public, max-age=10');
    assert.deepEqual(body.data, onlineStatus);
  });

  it('a failed ping is still a 200 with online false and null counts', async () => {
    const failed: LiveStatus = { ...onlineStatus, online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null, sample: [], latency_ms: null, reason: 'timeout' };
    const { status, body } = await api({ status: { status: async () => failed } }).get('/v1/status');
    assert.equal(status, 200);
    assert.equal(body.data.online, false);
    assert.equal(body.data.players_online, null);
  });
});

describe('GET /v1/health with data', () => {
  it('is ok with a fresh snapshot, never cached', async () => {
    const { headers, body } = await get('/v1/health');
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.equal(body.data.status, 'ok');
    assert.equal(body.data.data_updated_at, '2026-11-18T11:50:00.000Z');
    assert.equal(body.data.data_age_seconds, 600);
    assert.equal(body.data.data_stale, false);
  });
});

describe('GET /v1/server', () => {
  it('has addresses, counts by edition and the ranking rules', async () => {
    const { body } = await get('/v1/server');
    assert.equal(body.data.name, 'Test SMP');
    assert.deepEqual(body.data.addresses, { java: 'play.test.example', bedrock: 'play.test.example:19132' });
    assert.deepEqual({ total: body.data.players.total, java: body.data.players.java, bedrock: body.data.players.bedrock }, { total: 8, java: 7, bedrock: 1 });
    assert.deepEqual(body.data.ranking, { min_playtime_minutes: 60, inactive_days: 30, crown_weights: { gold: 4, silver: 2, bronze: 1 } });
    assert.equal(body.data.stats, 217);
  });
});

describe('GET /v1/history', () => {
  it('defaults to hourly buckets, 168 per page, with hour_of_day and peak', async () => {
    const { body } = await get('/v1/history');
    assert.equal(body.data.resolution, 'hourly');
    assert.equal(body.meta.pagination.limit, 168);
    assert.equal(body.meta.pagination.count, body.data.series.length);
    assert.ok(body.meta.pagination.total > 168);
    assert.equal(body.data.hour_of_day.length, 24);
    assert.deepEqual(body.data.peak, { online: 2, at: '2026-11-08T20:15:00.000Z' });
    assert.equal(body.meta.recording_since, '2026-11-08T00:00:00.000Z');
    const bucket = body.data.series[0];
    assert.deepEqual(Object.keys(bucket).sort(), ['average_online', 'ends_at', 'offline_samples', 'peak_online', 'samples', 'starts_at']);
  });

  it('raw gives every sample of 48 hours (null when the ping failed); daily covers all time', async () => {
    const raw = await get('/v1/history?resolution=raw&limit=500');
    assert.equal(raw.body.meta.pagination.total, 48 * 4);
    assert.ok(raw.body.data.series.some((s: { online: number | null }) => s.online === null));
    const daily = await get('/v1/history?resolution=daily');
    assert.equal(daily.body.data.series.at(-1).date, '2026-11-08');
    assert.equal(daily.body.data.series[0].date, '2026-11-18');
  });

  it('400 on a bad resolution; 503 without a record', async () => {
    const bad = await get('/v1/history?resolution=minutely');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, 'resolution');
    assert.equal((await api({ record: () => null }).get('/v1/history')).status, 503);
  });
});

describe('GET /v1/mods', () => {
  const mods = { mods: async () => ({ mods: [mod('sodium', 'Sodium'), mod('lithium', 'Lithium'), mod(null, null, false)], fetched_at: new Date(NOW).toISOString() }) };

  it('lists mods, unresolved ones with resolved false and null metadata', async () => {
    const { body } = await api({ mods }).get('/v1/mods');
    assert.equal(body.data.length, 3);
    const unresolved = body.data.find((m: { resolved: boolean }) => !m.resolved);
    assert.equal(unresolved.name, null);
    assert.equal(body.meta.fetched_at, new Date(NOW).toISOString());
  });

  it('search is case-insensitive on slug or name', async () => {
    const { body } = await api({ mods }).get('/v1/mods?search=SOD');
    assert.deepEqual(body.data.map((m: { slug: string }) => m.slug), ['sodium']);
  });

  it('is an empty list on a server without mods, and 503 before the first fetch', async () => {
    assert.deepEqual((await get('/v1/mods')).body.data, []);
    const pending = await api({ mods: { mods: async () => null } }).get('/v1/mods');
    assert.equal(pending.status, 503);
    assert.equal(problemCode(pending.body), 'unavailable');
  });
});

describe('GET /v1/modpack', () => {
  const modpack: Modpack = {
    project_id: 'P7dR8mSH', slug: 'test-pack', name: 'Test Pack', description: 'The pack', icon_url: null, project_url: 'https://modrinth.com/modpack/test-pack',
    downloads: 50, game_versions: ['1.21.4'], loaders: ['fabric'], fetched_at: new Date(NOW).toISOString(),
    latest: {
      id: 'v1', name: 'Test Pack 1.2', version_number: '1.2.0', version_type: 'release', published_at: '2026-11-01T10:00:00.000Z',
      game_versions: ['1.21.4'], loaders: ['fabric'], changelog: '- new things',
      files: [{ filename: 'test-pack-1.2.mrpack', url: 'https://cdn.modrinth.com/x.mrpack', size: 1234, primary: true, sha1: 'a', sha512: 'b' }],
    },
  };

  it('serves the modpack', async () => {
    const { body } = await api({ modpack: { modpack: async () => modpack } }).get('/v1/modpack');
    assert.deepEqual(body.data, modpack);
  });

  it('503 with Retry-After when the platform is unreachable; 404 when none is configured', async () => {
    const down = await api({ modpack: { modpack: () => Promise.reject(new UnavailableError('Modrinth answered 502', 30)) } }).get('/v1/modpack');
    assert.equal(down.status, 503);
    assert.equal(down.headers.get('retry-after'), '30');
    assert.equal(problemCode(down.body), 'unavailable');
    assert.doesNotMatch(down.text, /502/);
    assert.equal((await get('/v1/modpack')).status, 404);
  });
});

describe('GET /v1/compare', () => {
  it('compares two players over every stat either has', async () => {
    const { status, body } = await get(`/v1/compare?players=Steve,${uuids.alex}`);
    assert.equal(status, 200);
    assert.deepEqual(body.data.players.map((p: { name: string }) => p.name), ['Steve', 'Alex']);
    const jump = body.data.stats.find((s: { id: string }) => s.id === 'jump');
    assert.equal(jump.players[uuids.steve].value, 12_345);
    assert.equal(jump.players[uuids.alex].value, 9_000);
    assert.equal(jump.winner, uuids.steve);
    const walk = body.data.stats.find((s: { id: string }) => s.id === 'walk_one_cm');
    assert.equal(walk.winner, uuids.alex);
    const { wins, ties } = body.data.tally;
    assert.equal(wins[uuids.steve] + wins[uuids.alex] + ties, body.data.stats.length);
  });

  it('a tie has winner null; ids restricts', async () => {
    const { body } = await get(`/v1/compare?players=Alex,.Pocket_Pro&ids=jump`);
    assert.equal(body.data.stats.length, 1);
    assert.equal(body.data.stats[0].winner, null);
  });

  const errors: [string, number, string][] = [
    ['', 400, 'players'],
    ['players=Steve', 400, 'players'],
    ['players=Steve,Alex,notch', 400, 'players'],
    ['players=Steve,steve', 400, 'players'],
    ['players=Steve,Herobrine', 404, 'players'],
    ['players=Steve,Alex&ids=jump,nope', 400, 'ids'],
  ];
  for (const [query, status, parameter] of errors) {
    it(`${status} naming ${parameter} for "${query}"`, async () => {
      const res = await get(`/v1/compare?${query}`);
      assert.equal(res.status, status);
      assert.equal(res.body.parameter, parameter);
    });
  }
});

describe('GET /v1/random/player and /v1/random/stat', () => {
  it('picks a ranked player with their best rank, never cached', async () => {
    const { headers, body } = await get('/v1/random/player');
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.equal(headers.get('etag'), null);
    assert.equal(body.data.player.ranked, true);
    assert.ok(body.data.best_rank === null || body.data.best_rank.rank >= 1);
  });

  it('uses the injected randomness', async () => {
    const first = await api({ random: () => 0 }).get('/v1/random/player');
    const last = await api({ random: () => 0.999 }).get('/v1/random/player');
    assert.notEqual(first.body.data.player.uuid, last.body.data.player.uuid);
  });

  it('picks a stat with its top three, never cached', async () => {
    const { headers, body } = await get('/v1/random/stat');
    assert.equal(headers.get('cache-control'), 'no-store');
    assert.ok(body.data.stat.id);
    assert.ok(body.data.top.length >= 1 && body.data.top.length <= 3);
    assert.equal(body.data.top[0].rank, 1);
  });
});
