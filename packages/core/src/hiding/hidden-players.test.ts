import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getPlayerProfile } from '../queries/get-player-profile.js';
import { findPlayer } from '../queries/find-player.js';
import { leaderboard } from '../queries/leaderboard.js';
import { serverInfo } from '../queries/server-info.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { ids, leagueSave } from '../snapshot/testing/league.js';
import { DAY, NOW, tinyStats } from '../snapshot/testing/save-fixture.js';
import type { PlayerListEntry, SaveData } from '../save/types.js';
import { hiddenPlayers } from './hidden-players.js';
import { visibleSave } from './visible-save.js';

const entry = (uuid: string, expires: number | null = null): PlayerListEntry => ({ uuid, name: null, expires });

function withLists(lists: { bannedPlayers?: PlayerListEntry[]; operators?: PlayerListEntry[] }): SaveData {
  return { ...leagueSave(), ...lists };
}

const sorted = (set: Set<string>) => [...set].sort();

describe('hiddenPlayers(save, rules, now)', () => {
  const cases: Array<{ name: string; save: SaveData; rules: Parameters<typeof hiddenPlayers>[1]; hidden: string[] }> = [
    { name: 'hides banned players by default', save: withLists({ bannedPlayers: [entry(ids.alice)] }), rules: {}, hidden: [ids.alice] },
    { name: 'shows them with excludeBanned: false', save: withLists({ bannedPlayers: [entry(ids.alice)] }), rules: { excludeBanned: false }, hidden: [] },
    { name: 'a ban that has expired hides nobody', save: withLists({ bannedPlayers: [entry(ids.alice, NOW - 1)] }), rules: {}, hidden: [] },
    { name: 'a ban that runs on hides', save: withLists({ bannedPlayers: [entry(ids.alice, NOW + DAY)] }), rules: {}, hidden: [ids.alice] },
    { name: 'shows operators by default', save: withLists({ operators: [entry(ids.carl)] }), rules: {}, hidden: [] },
    { name: 'hides operators with excludeOps', save: withLists({ operators: [entry(ids.carl)] }), rules: { excludeOps: true }, hidden: [ids.carl] },
    { name: 'hides a dashed uuid', save: leagueSave(), rules: { hide: [ids.bob] }, hidden: [ids.bob] },
    { name: 'hides a bare, upper-case uuid', save: leagueSave(), rules: { hide: [ids.bob.replace(/-/g, '').toUpperCase()] }, hidden: [ids.bob] },
    { name: 'hides by name, case-insensitively, with its Floodgate prefix', save: leagueSave(), rules: { hide: ['ALICE', '.eve'] }, hidden: [ids.alice, ids.eve] },
    { name: 'hides every account a name names', save: leagueSave(), rules: { hide: ['frank'] }, hidden: [ids.frankOld, ids.frankNew] },
    { name: 'ignores list entries for players the save does not have', save: withLists({ bannedPlayers: [entry('aaaaaaaa-0000-4000-8000-000000000000')] }), rules: { hide: ['Nobody'] }, hidden: [] },
    {
      name: 'combines every rule',
      save: withLists({ bannedPlayers: [entry(ids.alice)], operators: [entry(ids.carl)] }),
      rules: { excludeOps: true, hide: ['bob'] },
      hidden: [ids.alice, ids.bob, ids.carl],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(sorted(hiddenPlayers(c.save, c.rules, NOW)), [...c.hidden].sort());
    });
  }

  it('matches the lists by uuid only: a banned name may belong to someone else by now', () => {
    const save = withLists({ bannedPlayers: [{ uuid: 'aaaaaaaa-0000-4000-8000-000000000000', name: 'Alice', expires: null }] });
    assert.equal(hiddenPlayers(save, {}, NOW).size, 0);
  });

  it('rejects a hide entry that is not a non-empty string', () => {
    assert.throws(() => hiddenPlayers(leagueSave(), { hide: ['  '] }, NOW), /players\.hide\[0\]/);
    assert.throws(() => hiddenPlayers(leagueSave(), { hide: [42 as unknown as string] }, NOW), /players\.hide\[0\]/);
  });
});

describe('visibleSave(save, rules, now)', () => {
  it('drops the players, the warnings about their files, and their DataVersions', () => {
    const base = leagueSave();
    const save: SaveData = {
      ...base,
      players: base.players.map((p) => (p.uuid === ids.alice ? { ...p, statsDataVersion: 2230 } : p)),
      dataVersions: [2230, ...base.dataVersions],
      warnings: [
        { file: `world/stats/${ids.alice.toUpperCase()}.json`, reason: 'another stats file already names this player; ignored' },
        { file: `world/advancements/${ids.bob}.json`, reason: 'invalid JSON' },
        { file: 'usercache.json', reason: 'invalid JSON' },
      ],
      bannedPlayers: [entry(ids.alice)],
    };
    const visible = visibleSave(save, {}, NOW);
    assert.deepEqual(visible.players.map((p) => p.uuid), base.players.map((p) => p.uuid).filter((u) => u !== ids.alice));
    assert.deepEqual(visible.warnings.map((w) => w.file), [`world/advancements/${ids.bob}.json`, 'usercache.json']);
    assert.ok(!visible.dataVersions.includes(2230));
    assert.equal(visibleSave(leagueSave(), {}, NOW).players.length, base.players.length);
  });
});

describe('buildSnapshot with hidden players', () => {
  it('builds as if the player had never been seen: ranks close up, medals move, names fall to the other account', () => {
    const rules = { hide: [ids.carl, ids.frankNew] };
    const hidden = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats, players: rules });
    const never = buildSnapshot({ ...leagueSave(), players: leagueSave().players.filter((p) => p.uuid !== ids.carl && p.uuid !== ids.frankNew) }, { now: NOW, stats: tinyStats });
    const { server: hs, generation: hg, ...hiddenRest } = hidden;
    const { server: ns, generation: ng, ...neverRest } = never;
    assert.deepEqual(hiddenRest, neverRest);
    assert.deepEqual({ ...hs, hiding: undefined }, { ...ns, hiding: undefined });
    assert.equal(findPlayer(hidden, ids.carl), null);
    assert.equal(getPlayerProfile(hidden, 'Carl'), null);
    assert.equal(findPlayer(hidden, 'frank')?.uuid, ids.frankOld);
    assert.equal(leaderboard(hidden, 'play_time')!.items[0]!.rank, 1);
    assert.deepEqual(serverInfo(hidden).hiding, { exclude_banned: true, exclude_ops: false, hide_list: 2, hidden_players: 2 });
    assert.deepEqual(serverInfo(never).hiding, { exclude_banned: true, exclude_ops: false, hide_list: 0, hidden_players: 0 });
  });
});
