import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { uuids } from './fixture.js';
import { api, problemCode } from './harness.js';

const { get } = api({
  readRecipes: (uuid) => (uuid === uuids.steve
    ? [{ id: 'minecraft:recipes/misc/charcoal', at: Date.UTC(2026, 10, 1) }, { id: 'minecraft:recipes/tools/wooden_pickaxe', at: Date.UTC(2026, 4, 1, 0, 30) }]
    : []),
});

describe('GET /v1/players', () => {
  it('lists players most recently online first by default', async () => {
    const { body } = await get('/v1/players');
    assert.equal(body.meta.pagination.limit, 50);
    assert.equal(body.meta.pagination.total, 8);
    const times = body.data.map((p: { last_online: string | null }) => p.last_online ?? '');
    assert.deepEqual(times, [...times].sort().reverse());
    assert.deepEqual(Object.keys(body.data[0]).sort(), ['edition', 'last_online', 'name', 'ranked', 'skin', 'textures', 'uuid']);
  });

  it('sort=name is alphabetical, case-insensitive', async () => {
    const names = (await get('/v1/players?sort=name')).body.data.map((p: { name: string | null }) => p.name).filter(Boolean);
    assert.deepEqual(names, [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  const filters: [string, (p: any) => boolean][] = [
    ['edition=bedrock', (p) => p.edition === 'bedrock'],
    ['edition=java', (p) => p.edition === 'java'],
    ['ranked=true', (p) => p.ranked === true],
    ['ranked=false', (p) => p.ranked === false],
    ['search=NOTCH', (p) => p.name?.toLowerCase() === 'notch'],
    ['search=pro', (p) => p.name === '.Pocket_Pro'],
  ];
  for (const [query, holds] of filters) {
    it(`${query} filters`, async () => {
      const { body } = await get(`/v1/players?${query}`);
      assert.ok(body.data.length > 0, query);
      assert.ok(body.data.every(holds), query);
    });
  }

  it('a bedrock player has a synthetic UUID and a working head texture', async () => {
    const { body } = await get('/v1/players?edition=bedrock');
    assert.match(body.data[0].uuid, /^00000000-0000-0000-0009-/);
    assert.match(body.data[0].textures.head, /^https:\/\//);
  });

  for (const [query, parameter] of [['edition=pocket', 'edition'], ['ranked=yes', 'ranked'], ['sort=playtime', 'sort'], ['limit=-5', 'limit']]) {
    it(`400 naming ${parameter} for ${query}`, async () => {
      const { status, body } = await get(`/v1/players?${query}`);
      assert.equal(status, 400);
      assert.equal(problemCode(body), 'invalid-request');
      assert.equal(body.parameter, parameter);
    });
  }
});

describe('GET /v1/players/{player}', () => {
  const forms: [string, string][] = [
    ['Steve', uuids.steve],
    ['STEVE', uuids.steve],
    [uuids.steve, uuids.steve],
    [uuids.steve.replaceAll('-', ''), uuids.steve],
    [uuids.steve.toUpperCase(), uuids.steve],
    ['.Pocket_Pro', uuids.pocket],
    ['notch', uuids.notchNew],
    ['Notch', uuids.notchNew],
    [uuids.notchOld, uuids.notchOld],
  ];
  for (const [identifier, uuid] of forms) {
    it(`resolves ${identifier}`, async () => {
      const { status, body } = await get(`/v1/players/${encodeURIComponent(identifier)}`);
      assert.equal(status, 200);
      assert.equal(body.data.uuid, uuid);
    });
  }

  it('has the profile fields', async () => {
    const { body } = await get('/v1/players/Steve');
    const p = body.data;
    assert.equal(p.hall_of_fame_rank, 1);
    assert.deepEqual(Object.keys(p.medals).sort(), ['bronze', 'gold', 'silver']);
    assert.ok(p.top_ranks.length > 0 && p.top_ranks.length <= 10);
    for (const r of p.top_ranks) assert.deepEqual(Object.keys(r).sort(), ['converted', 'display', 'id', 'rank', 'title', 'unit', 'value']);
    assert.equal(p.first_seen, '2026-05-01T01:00:00.000Z');
    assert.equal(typeof p.first_seen_estimated, 'boolean');
    assert.equal(typeof p.days_on_server, 'number');
    assert.equal(p.advancements_earned, 18, 'tab roots count');
    assert.match(p.links.profile, /^http/);
    assert.ok(!('leads' in p) && !('stats_led' in p), 'the number of stats led is not shown');
  });

  const missing = ['Herobrine', '00000000-0000-0000-0000-000000000000', 'ffffffffffffffffffffffffffffffff', 'Ste ve', '%E2%98%83', 'a%2Fb', 'x'.repeat(1000), '%00'];
  for (const identifier of missing) {
    it(`404 with the accepted forms for ${identifier.slice(0, 20)}`, async () => {
      const { status, body } = await get(`/v1/players/${identifier}`);
      assert.equal(status, 404);
      assert.equal(problemCode(body), 'not-found');
      assert.match(body.detail, /in-game name.*dashed UUID.*32 hex/s);
      assert.ok(body.instance.startsWith('/v1/players/'));
    });
  }

  it('400 for malformed percent-encoding', async () => {
    const { status, body } = await get('/v1/players/%E0%A4%A');
    assert.equal(status, 400);
    assert.equal(body.parameter, 'player');
  });
});

describe('GET /v1/players/{player}/stats', () => {
  it('lists data.stats with title, Value fields and rank', async () => {
    const { body } = await get('/v1/players/Steve/stats');
    assert.equal(body.data.player.uuid, uuids.steve);
    const jump = body.data.stats.find((s: { id: string }) => s.id === 'jump');
    assert.deepEqual(jump, { id: 'jump', title: jump.title, value: 12_345, unit: 'int', display: '12,345', converted: null, rank: 1 });
  });

  it('rank is null when the player has a value but has not qualified', async () => {
    const { body } = await get('/v1/players/Newbie_1/stats?ids=jump');
    assert.deepEqual(body.data.stats.map((s: { id: string; value: number; rank: number | null }) => [s.id, s.value, s.rank]), [['jump', 99_999, null]]);
  });

  it('ids restricts the list', async () => {
    const { body } = await get('/v1/players/Steve/stats?ids=jump,deaths');
    assert.deepEqual(body.data.stats.map((s: { id: string }) => s.id).sort(), ['deaths', 'jump']);
  });

  it('an unknown id in ids gives 400 naming ids; an unknown player 404', async () => {
    const bad = await get('/v1/players/Steve/stats?ids=jump,nope');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, 'ids');
    assert.match(bad.body.detail, /nope/);
    assert.equal((await get('/v1/players/Herobrine/stats')).status, 404);
  });

  it('a huge unknown id is refused without being echoed back whole', async () => {
    const bad = await get(`/v1/players/Steve/stats?ids=jump,${'x'.repeat(5000)},${'y'.repeat(5000)}`);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.parameter, 'ids');
    assert.match(bad.body.detail, /^ids: unknown stat ids: xxx/);
    assert.ok(bad.text.length < 1000, `${bad.text.length} bytes`);
  });
});

describe('GET /v1/players/{player}/advancements', () => {
  it('lists completed advancements newest first with meta.completed and meta.total', async () => {
    const { body } = await get('/v1/players/Steve/advancements');
    assert.equal(body.meta.completed, 18);
    assert.ok(body.meta.total >= 120);
    assert.ok(body.data.every((e: { done: boolean }) => e.done));
    const times = body.data.map((e: { completed_at: string }) => e.completed_at);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.equal(body.data[0].advancement.id, 'minecraft:end/kill_dragon');
  });

  it('completed=false adds unfinished advancements with progress', async () => {
    const { body } = await get('/v1/players/Alex/advancements?completed=false');
    const unfinished = body.data.filter((e: { done: boolean }) => !e.done);
    assert.equal(unfinished.length, 1);
    assert.equal(unfinished[0].advancement.id, 'minecraft:adventure/adventuring_time');
    assert.equal(unfinished[0].progress.obtained, 3);
    assert.ok(unfinished[0].progress.required > 3);
  });

  it('include=recipes merges recipe unlocks by time', async () => {
    const { body } = await get('/v1/players/Steve/advancements?include=recipes&limit=500');
    assert.equal(body.data.length, 20);
    assert.deepEqual(body.data[0].recipe, { id: 'minecraft:recipes/misc/charcoal' });
    assert.equal(body.data.at(-1).recipe.id, 'minecraft:recipes/tools/wooden_pickaxe');
    assert.equal(body.meta.pagination.total, 20);
  });

  it('recipes are excluded by default and 400 for a bad include or completed', async () => {
    const { body } = await get('/v1/players/Steve/advancements?limit=500');
    assert.ok(body.data.every((e: object) => 'advancement' in e));
    assert.equal((await get('/v1/players/Steve/advancements?include=everything')).body.parameter, 'include');
    assert.equal((await get('/v1/players/Steve/advancements?completed=no')).body.parameter, 'completed');
    assert.equal((await get('/v1/players/Herobrine/advancements')).status, 404);
  });

  it('503 for include=recipes when the server cannot read recipes', async () => {
    const { status, body } = await api().get('/v1/players/Steve/advancements?include=recipes');
    assert.equal(status, 503);
    assert.equal(problemCode(body), 'unavailable');
  });
});

describe('GET /v1/players/{player}/milestones', () => {
  it('has first_seen, 22 beats in order, the rarest advancement and first-on-server ones', async () => {
    const { body } = await get('/v1/players/Steve/milestones');
    assert.equal(body.data.beats.length, 22);
    assert.equal(body.data.beats[0].advancement.id, 'minecraft:story/mine_stone');
    assert.equal(body.data.beats[0].reached, true);
    assert.equal(body.data.beats[0].days_after_first_seen, 0);
    const unreached = body.data.beats.find((b: { reached: boolean }) => !b.reached);
    assert.equal(unreached.days_after_first_seen, null);
    assert.ok(body.data.rarest);
    assert.ok(body.data.first_on_server.length > 0);
    assert.equal((await get('/v1/players/Herobrine/milestones')).status, 404);
  });
});

describe('GET /v1/players/{player}/activity', () => {
  it('gives totals over 7 days, 30 days and all time, the rank this week, active', async () => {
    const { body } = await get('/v1/players/Steve/activity');
    const a = body.data;
    assert.equal(a.player.uuid, uuids.steve);
    assert.equal(a.active, true);
    assert.deepEqual(Object.keys(a.last_7_days).sort(), ['deaths', 'hours', 'minutes', 'sessions']);
    assert.equal(a.last_7_days.minutes, 7 * 120);
    assert.equal(a.rank_this_week, 1);
    assert.equal(body.meta.recording_since, '2026-11-08T00:00:00.000Z');
  });

  it('active is false for a player with nothing recorded', async () => {
    const { body } = await get('/v1/players/Builder_Bob/activity');
    assert.equal(body.data.active, false);
    assert.equal(body.data.all_time.minutes, 0);
    assert.equal(body.data.rank_this_week, null);
  });

  it('404 for an unknown player; 503 when nothing is recorded', async () => {
    assert.equal((await get('/v1/players/Herobrine/activity')).status, 404);
    const res = await api({ record: () => null }).get('/v1/players/Steve/activity');
    assert.equal(res.status, 503);
    assert.equal(problemCode(res.body), 'unavailable');
  });
});
