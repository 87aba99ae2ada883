/**
 * Hidden players (issue 18), through `router.fetch` as any runtime calls it. Steve is the player
 * every rule hides: he holds records (#1 in play time), gold medals, the first `story/root`
 * (first_by), feed entries, the most activity and a weekly event's lead. For each rule, every
 * endpoint family must answer exactly what it answers for a world in which Steve was never seen:
 * the same save without him and a record without his track.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot, type ActivityRecord, type PlayerRules, type SaveData } from '@blockstats/core';
import { createRouter } from '../src/router/createRouter.js';
import { BUILT_AT, fixtureRecord, fixtureSave, NOW, uuids } from './fixture.js';
import { BASE } from './harness.js';

const STEVE = uuids.steve;
const STEVE_BARE = STEVE.replace(/-/g, '');
const SERVER = { name: 'Test SMP', short_name: 'TestSMP', addresses: { java: 'play.test.example', bedrock: 'play.test.example:19132' } };

/** Every endpoint family, Steve's own pages included (by name, by dashed and by bare UUID). */
const PATHS = [
  '/v1', '/v1/server', '/v1/history', '/v1/history?resolution=raw&limit=5',
  '/v1/players', '/v1/players?search=ste', '/v1/players?sort=name&ranked=true', '/v1/players?limit=2&offset=1',
  '/v1/players/Steve', `/v1/players/${STEVE}`, `/v1/players/${STEVE_BARE}`, '/v1/players/Alex', '/v1/players/notch',
  '/v1/players/Steve/stats', '/v1/players/Steve/advancements', '/v1/players/Steve/milestones', '/v1/players/Steve/activity',
  '/v1/players/Alex/stats', '/v1/players/Alex/milestones', '/v1/players/Alex/activity', '/v1/players/.Pocket_Pro/activity',
  '/v1/stats', '/v1/stats/play_time', '/v1/stats/jump', '/v1/stats/damage_dealt', '/v1/stats/killed_ender_dragon', '/v1/stats/mined_diamond_ore',
  '/v1/totals', '/v1/totals?search=jump',
  '/v1/advancements', '/v1/advancements?sort=first', '/v1/advancements?include=all&limit=500',
  '/v1/advancements/story/root', '/v1/advancements/story/root/holders', '/v1/advancements/end/kill_dragon', '/v1/advancements/end/kill_dragon/holders',
  '/v1/hall-of-fame', '/v1/feed', '/v1/feed?player=Steve', '/v1/feed?player=Alex', '/v1/feed?category=end',
  '/v1/activity', '/v1/activity/players', '/v1/activity/players?period=all&sort=deaths', '/v1/activity/players?period=30d&sort=sessions',
  '/v1/events', '/v1/events?active=false', '/v1/events/jump_week2', '/v1/events/play_time_week2',
  '/v1/compare?players=Steve,Alex', '/v1/compare?players=Alex,.Pocket_Pro',
  '/v1/random/player', '/v1/random/stat',
  '/v1/badge/server.svg', '/v1/badge/player/Steve.svg', '/v1/badge/player/Alex.svg?stat=play_time', '/v1/card/player/Steve.svg', '/v1/card/player/Alex.svg',
];

function routerOver(save: SaveData, record: ActivityRecord, players?: PlayerRules) {
  const snapshot = buildSnapshot(save, { now: BUILT_AT, server: SERVER, ...(players ? { players } : {}) });
  const router = createRouter({
    snapshot: () => snapshot,
    record: () => record,
    clock: () => NOW,
    random: () => 0.5,
    rateLimit: false,
    events: { pool: ['jump', 'play_time'] },
    onError: (error) => {
      throw error;
    },
  });
  return {
    snapshot,
    async get(path: string) {
      const response = await router.fetch(new Request(`${BASE}${path}`), { remoteAddress: '198.51.100.20' });
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    },
  };
}

/** The fixture world as if Steve had never been seen: no files, no record track. */
function neverSeen() {
  const save = fixtureSave();
  const record = fixtureRecord();
  const { [STEVE]: _gone, ...players } = record.players;
  return routerOver({ ...save, players: save.players.filter((p) => p.uuid !== STEVE) }, { ...record, players });
}

const banned = { uuid: STEVE, name: 'Steve', expires: null };
const RULES: Array<{ rule: string; lists?: Partial<SaveData>; players?: PlayerRules; hiding: object }> = [
  { rule: 'exclude_banned (the default)', lists: { bannedPlayers: [banned] }, hiding: { exclude_banned: true, exclude_ops: false, hide_list: 0 } },
  { rule: 'exclude_banned with a ban that has not expired', lists: { bannedPlayers: [{ ...banned, expires: NOW + 86_400_000 }] }, hiding: { exclude_banned: true, exclude_ops: false, hide_list: 0 } },
  { rule: 'exclude_ops', lists: { operators: [banned] }, players: { excludeOps: true }, hiding: { exclude_banned: true, exclude_ops: true, hide_list: 0 } },
  { rule: 'hide by dashed UUID', players: { hide: [STEVE] }, hiding: { exclude_banned: true, exclude_ops: false, hide_list: 1 } },
  { rule: 'hide by bare UUID', players: { hide: [STEVE_BARE.toUpperCase()] }, hiding: { exclude_banned: true, exclude_ops: false, hide_list: 1 } },
  { rule: 'hide by name', players: { hide: ['sTEVE'] }, hiding: { exclude_banned: true, exclude_ops: false, hide_list: 1 } },
];

describe('hidden players: every endpoint family answers as if the player had never been seen', () => {
  const baseline = neverSeen();

  for (const { rule, lists, players, hiding } of RULES) {
    it(rule, async () => {
      const record = fixtureRecord();
      const hidden = routerOver({ ...fixtureSave(), ...lists }, record, players);
      for (const path of PATHS) {
        const [got, want] = await Promise.all([hidden.get(path), baseline.get(path)]);
        assert.equal(got.status, want.status, `${path}: status`);
        assert.equal(got.type, want.type, `${path}: content type`);
        // A 404 echoes the identifier asked for, as for anybody unknown; nothing else may name him.
        const asked = path.includes(STEVE) || path.includes(STEVE_BARE);
        assert.ok(asked || (!got.text.includes(STEVE) && !got.text.toLowerCase().includes(STEVE_BARE)), `${path} names the hidden player`);
        if (path === '/v1/server') {
          const { data: { hiding: gotHiding, ...gotRest }, ...gotEnvelope } = JSON.parse(got.text);
          const { data: { hiding: _none, ...wantRest }, ...wantEnvelope } = JSON.parse(want.text);
          assert.deepEqual({ data: gotRest, ...gotEnvelope }, { data: wantRest, ...wantEnvelope }, path);
          assert.deepEqual(gotHiding, { ...hiding, hidden_players: 1 }, 'the rules as counts');
        } else {
          assert.equal(got.text, want.text, path);
        }
      }
      // The record keeps Steve's activity; it is never served while he is hidden.
      assert.ok(STEVE in record.players);
    });
  }

  it('what changed for the others is what a user would notice', async () => {
    const shown = routerOver(fixtureSave(), fixtureRecord());
    const hidden = routerOver({ ...fixtureSave(), bannedPlayers: [banned] }, fixtureRecord());
    const json = async (r: typeof shown, path: string) => JSON.parse((await r.get(path)).text);
    // Ranks close up: Steve was #1 in play time; Alex is now.
    assert.equal((await json(shown, '/v1/stats/play_time')).data[0].player.name, 'Steve');
    const board = (await json(hidden, '/v1/stats/play_time')).data;
    assert.deepEqual([board[0].rank, board[0].player.name], [1, 'Alex']);
    // The next holder becomes first to reach story/root.
    assert.equal((await json(shown, '/v1/advancements/story/root')).data.first_by.name, 'Steve');
    assert.equal((await json(hidden, '/v1/advancements/story/root')).data.first_by.name, 'Alex');
    // Steve's gold for play time is Alex's now.
    const medals = async (r: typeof shown) => (await json(r, '/v1/players/Alex')).data.medals;
    assert.ok((await medals(hidden)).gold > (await medals(shown)).gold);
    // Unknown exactly like a player who never existed.
    const [steve, nobody] = await Promise.all([hidden.get('/v1/players/Steve'), hidden.get('/v1/players/Herobrine')]);
    assert.equal(steve.status, 404);
    assert.equal(JSON.parse(steve.text).type, JSON.parse(nobody.text).type);
    for (const path of ['/v1/badge/player/Steve.svg', '/v1/card/player/Steve.svg']) assert.equal((await hidden.get(path)).status, 404, path);
  });

  it('a hidden player\'s name resolves to the visible account that used it', async () => {
    const hidden = routerOver({ ...fixtureSave(), bannedPlayers: [{ uuid: uuids.notchNew, name: 'notch', expires: null }] }, fixtureRecord());
    const { data } = JSON.parse((await hidden.get('/v1/players/notch')).text);
    assert.equal(data.uuid, uuids.notchOld);
    assert.equal((await hidden.get(`/v1/players/${uuids.notchNew}`)).status, 404);
  });

  it('an expired ban, excludeBanned: false, or an operator without excludeOps hides nobody', async () => {
    const shown = routerOver(fixtureSave(), fixtureRecord());
    const cases: Array<[Partial<SaveData>, PlayerRules | undefined]> = [
      [{ bannedPlayers: [{ ...banned, expires: NOW - BUILT_AT > 0 ? BUILT_AT - 1 : 0 }] }, undefined],
      [{ bannedPlayers: [banned] }, { excludeBanned: false }],
      [{ operators: [banned] }, undefined],
    ];
    for (const [lists, players] of cases) {
      const router = routerOver({ ...fixtureSave(), ...lists }, fixtureRecord(), players);
      assert.equal((await router.get('/v1/players/Steve')).text, (await shown.get('/v1/players/Steve')).text);
      assert.equal(JSON.parse((await router.get('/v1/server')).text).data.hiding.hidden_players, 0);
    }
  });
});
