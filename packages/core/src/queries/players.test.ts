import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findPlayer } from './find-player.js';
import { getPlayerProfile } from './get-player-profile.js';
import { listPlayers } from './list-players.js';
import { playerAdvancements } from './player-advancements.js';
import { playerMilestones } from './player-milestones.js';
import { playerStats } from './player-stats.js';
import { QueryError } from './query-error.js';
import { ids, league } from '../snapshot/testing/league.js';
import { DAY, done, NOW, player, save, T0, tinyStats, uuid } from '../snapshot/testing/save-fixture.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { findAdvancement } from '../catalogue/advancement-catalogue.js';
import { milestoneBeats } from '../catalogue/milestone-beats.js';

const s = league();
const iso = (ms: number) => new Date(ms).toISOString();

describe('findPlayer(snapshot, identifier)', () => {
  const table: [string, string | null][] = [
    ['Alice', ids.alice],
    ['ALICE', ids.alice],
    [' alice ', ids.alice],
    [ids.alice, ids.alice],
    [ids.alice.toUpperCase(), ids.alice],
    [ids.alice.replaceAll('-', ''), ids.alice],
    ['.eve', ids.eve],
    [ids.eve.replaceAll('-', ''), ids.eve],
    // A reused name resolves to the most recently seen account.
    ['Frank', ids.frankNew],
    ['FRANK', ids.frankNew],
    ['Ali', null],
    ['', null],
    ['00000000-0000-0000-0000-000000000000', null],
  ];
  for (const [identifier, uuid] of table) {
    it(`resolves ${JSON.stringify(identifier)}`, () => {
      assert.equal(findPlayer(s, identifier)?.uuid ?? null, uuid);
    });
  }
});

describe('listPlayers(snapshot, params)', () => {
  it('sorts by last online (most recent first), then name', () => {
    // Everybody but the Franks was last online NOW-1d.
    assert.deepStrictEqual(listPlayers(s).items.map((p) => p.name), ['.Eve', 'Alice', 'bob', 'Carl', 'Dora', 'frank', 'Frank']);
  });

  it('sorts by name case-insensitively', () => {
    assert.deepStrictEqual(listPlayers(s, { sort: 'name' }).items.map((p) => p.name), ['.Eve', 'Alice', 'bob', 'Carl', 'Dora', 'Frank', 'frank']);
  });

  it('filters by search, edition and ranked', () => {
    const table = [
      { params: { search: 'FR' }, names: ['frank', 'Frank'] },
      { params: { edition: 'bedrock' as const }, names: ['.Eve'] },
      { params: { edition: 'java' as const, ranked: true }, names: ['Alice', 'bob', 'Carl'] },
      { params: { ranked: false }, names: ['Dora', 'frank', 'Frank'] },
    ];
    for (const { params, names } of table) {
      const page = listPlayers(s, params);
      assert.deepStrictEqual(page.items.map((p) => p.name), names);
      assert.equal(page.total, names.length);
    }
  });

  it('gives the same pages, in any order of asking, once the orders are kept per snapshot', () => {
    const fresh = league();
    const asks = [{}, { sort: 'name' as const }, { edition: 'java' as const, ranked: true }, { search: 'a' }, { ranked: false, sort: 'name' as const }, { search: '  ' }, { limit: 2, offset: 3 }];
    const first = asks.map((params) => listPlayers(fresh, params));
    const again = [...asks].reverse().map((params) => listPlayers(fresh, params)).reverse();
    assert.deepStrictEqual(again, first);
    assert.deepStrictEqual(first.map((page) => page.items.map((p) => p.name)), asks.map((params) => listPlayers(league(), params).items.map((p) => p.name)));
    assert.deepStrictEqual(first[5]!.items.map((p) => p.name), first[0]!.items.map((p) => p.name), 'a blank search is no search');
  });

  it('rejects a bad sort or edition', () => {
    assert.throws(() => listPlayers(s, { sort: 'age' as never }), (e: unknown) => e instanceof QueryError && e.parameter === 'sort');
    assert.throws(() => listPlayers(s, { edition: 'pocket' as never }), (e: unknown) => e instanceof QueryError && e.parameter === 'edition');
  });

  it('gives Bedrock players working head and body URLs without a skin', () => {
    const eve = listPlayers(s, { edition: 'bedrock' }).items[0]!;
    assert.deepStrictEqual(eve.textures, {
      skin: null,
      head: 'https://mc-heads.net/avatar/MHF_Steve',
      body: 'https://mc-heads.net/body/MHF_Steve',
    });
    assert.equal(eve.edition, 'bedrock');
  });

  it('gives Java players UUID-keyed URLs without a skin, hash URLs with one', () => {
    const bare = ids.alice.replaceAll('-', '');
    assert.deepStrictEqual(findPlayer(s, 'Alice')!.textures, {
      skin: `https://mc-heads.net/skin/${bare}`,
      head: `https://mc-heads.net/avatar/${bare}`,
      body: `https://mc-heads.net/body/${bare}`,
    });
    const hash = 'ab'.repeat(32);
    const skinned = league({ skins: (u) => (u === ids.eve ? hash : null) });
    assert.deepStrictEqual(findPlayer(skinned, '.Eve')!.textures, {
      skin: `https://textures.minecraft.net/texture/${hash}`,
      head: `https://mc-heads.net/avatar/${hash}`,
      body: `https://mc-heads.net/body/${hash}`,
    });
    assert.equal(findPlayer(skinned, '.Eve')!.skin, hash);
  });
});

describe('getPlayerProfile(snapshot, identifier, params)', () => {
  it('gives every SPEC profile field', () => {
    const alice = getPlayerProfile(s, 'alice', { baseUrl: 'https://stats.example.net' })!;
    assert.equal(alice.links.profile, `https://stats.example.net/v1/players/${ids.alice}`);
    assert.equal(alice.crown_score, 14);
    assert.equal(alice.hall_of_fame_rank, 1);
    assert.deepStrictEqual(alice.medals, { gold: 2, silver: 3, bronze: 0 });
    assert.deepStrictEqual(alice.top_ranks.map((r) => [r.id, r.rank, r.display]), [
      ['jump', 1, '10'], ['walk_one_cm', 1, '1.5 km'], ['play_time', 2, '2 h'], ['deaths', 2, '1'], ['mined_total', 2, '10'],
    ]);
    assert.equal(alice.first_seen, iso(T0));
    assert.equal(alice.first_seen_estimated, false);
    assert.equal(alice.days_on_server, Math.floor((NOW - T0) / DAY));
    assert.equal(alice.advancements_earned, 3);
    assert.ok(alice.advancements_available > 100);
    assert.equal(alice.last_online, iso(NOW - DAY));
    assert.equal(alice.ranked, true);
    assert.equal(alice.play_time.display, '2 h');
  });

  it('shows an unranked player with no medal', () => {
    const dora = getPlayerProfile(s, 'Dora')!;
    assert.deepStrictEqual([dora.ranked, dora.hall_of_fame_rank, dora.crown_score, dora.top_ranks], [false, null, 0, []]);
  });

  it('shows a player with no advancements', () => {
    const eve = getPlayerProfile(s, '.Eve')!;
    assert.deepStrictEqual([eve.advancements_earned, eve.first_seen_estimated, eve.days_on_server], [0, true, 3]);
  });

  it('fills a configured profile template', () => {
    const custom = league({ profileUrlTemplate: 'https://mc.example.net/u/{name}?id={uuid_bare}' });
    assert.equal(getPlayerProfile(custom, '.Eve')!.links.profile, `https://mc.example.net/u/.Eve?id=${ids.eve.replaceAll('-', '')}`);
  });

  it('returns null for an unknown player', () => {
    assert.equal(getPlayerProfile(s, 'nobody'), null);
  });
});

describe('playerStats(snapshot, identifier, params)', () => {
  it('lists every stat the player has, with rank', () => {
    const alice = playerStats(s, 'Alice')!;
    assert.deepStrictEqual(alice.stats.map((x) => [x.id, x.value, x.rank]), [
      ['play_time', 144_000, 2], ['jump', 10, 1], ['deaths', 1, 2], ['walk_one_cm', 150_000, 1], ['mined_total', 10, 2],
    ]);
    assert.equal(alice.player.uuid, ids.alice);
  });

  it('gives an unranked player values with null ranks', () => {
    assert.deepStrictEqual(playerStats(s, 'Dora')!.stats.map((x) => [x.id, x.value, x.rank]), [
      ['play_time', 36_000, null], ['jump', 50, null], ['deaths', 9, null],
    ]);
  });

  it('restricts to ids, in the order asked, zeros included', () => {
    assert.deepStrictEqual(playerStats(s, 'bob', { ids: ['deaths', 'jump', 'deaths'] })!.stats.map((x) => [x.id, x.value, x.rank]), [
      ['deaths', 0, null], ['jump', 10, 1],
    ]);
  });

  it('rejects unknown ids with a QueryError listing every one', () => {
    assert.throws(
      () => playerStats(s, 'bob', { ids: ['jump', 'nope', 'nada'] }),
      (e: unknown) => e instanceof QueryError && e.code === 'invalid' && e.parameter === 'ids' && e.values.join() === 'nope,nada',
    );
  });

  it('returns null for an unknown player', () => {
    assert.equal(playerStats(s, 'nobody'), null);
  });
});

describe('playerAdvancements(snapshot, identifier, params)', () => {
  it('lists completed vanilla advancements newest first, with completed/available counts', () => {
    const bob = playerAdvancements(s, 'bob')!;
    assert.deepStrictEqual(bob.items.map((e) => [e.advancement.id, e.done, e.completed_at, e.progress]), [
      ['minecraft:story/mine_stone', true, iso(T0 + 6 * DAY), null],
      ['minecraft:story/root', true, iso(T0 + 5 * DAY), null],
    ]);
    assert.deepStrictEqual([bob.total, bob.completed, bob.recipes], [2, 2, 0]);
    assert.equal(bob.available, s.advancements.filter((a) => a.source === 'vanilla').length);
  });

  it('adds unfinished ones with progress when completed is false', () => {
    const bob = playerAdvancements(s, 'bob', { completed: false })!;
    const last = bob.items.at(-1)!;
    assert.equal(last.advancement.id, 'minecraft:adventure/adventuring_time');
    assert.deepStrictEqual(last.progress, {
      obtained: 2,
      required: findAdvancement('adventure/adventuring_time')!.requirements.length,
      updated_at: iso(T0 + 8 * DAY),
    });
    assert.equal(last.completed_at, null);
    assert.equal(bob.completed, 2);
  });

  it('adds datapack advancements only when asked', () => {
    const bob = playerAdvancements(s, 'bob', { includeDatapack: true })!;
    const datapack = bob.items.find((e) => e.advancement.source === 'datapack')!;
    assert.equal(datapack.advancement.id, 'incendium:technical/on_kill');
    assert.equal(bob.total, 3);
  });

  it('gives an empty list for a player with no advancements', () => {
    const eve = playerAdvancements(s, '.Eve', { completed: false })!;
    assert.deepStrictEqual([eve.items, eve.total, eve.completed], [[], 0, 0]);
  });

  it('pages', () => {
    assert.deepStrictEqual(playerAdvancements(s, 'bob', { limit: 1, offset: 1 })!.items.map((e) => e.advancement.id), ['minecraft:story/root']);
  });
});

describe('playerMilestones(snapshot, identifier)', () => {
  it('gives the 22 beats with days after first seen, the rarest held and firsts on the server', () => {
    const m = playerMilestones(s, 'Alice')!;
    assert.equal(m.beats.length, 22);
    assert.deepStrictEqual(m.beats.map((b) => b.advancement.id), milestoneBeats);
    const reached = m.beats.filter((b) => b.reached).map((b) => [b.advancement.id, b.days_after_first_seen, b.completed_at]);
    assert.deepStrictEqual(reached, [
      ['minecraft:story/mine_stone', 0, iso(T0 + 2 * 3_600_000)],
      ['minecraft:end/kill_dragon', 10, iso(T0 + 10 * DAY)],
    ]);
    assert.ok(m.beats.filter((b) => !b.reached).every((b) => b.days_after_first_seen === null && b.completed_at === null));
    assert.equal(m.rarest!.advancement.id, 'minecraft:end/kill_dragon');
    assert.equal(m.rarest!.advancement.rarity, 0.25);
    assert.deepStrictEqual(m.first_on_server.map((e) => e.advancement.id), [
      'minecraft:story/root', 'minecraft:story/mine_stone', 'minecraft:end/kill_dragon',
    ]);
    assert.deepStrictEqual([m.first_seen, m.first_seen_estimated], [iso(T0), false]);
  });

  it('picks the advancement with the fewest holders as the rarest', () => {
    // bob holds root (4 holders) and mine_stone (2 holders); the datapack one does not count.
    assert.equal(playerMilestones(s, 'bob')!.rarest!.advancement.id, 'minecraft:story/mine_stone');
    assert.deepStrictEqual(playerMilestones(s, 'bob')!.first_on_server, []);
  });

  it('breaks a rarity tie by the earliest earned', () => {
    const input = save([
      player({ uuid: uuid(1), name: 'Solo', advancements: [done('end/elytra', T0 + 2 * DAY), done('end/kill_dragon', T0 + DAY)] }),
    ]);
    const solo = buildSnapshot(input, { now: NOW, stats: tinyStats });
    assert.equal(playerMilestones(solo, 'Solo')!.rarest!.advancement.id, 'minecraft:end/kill_dragon');
    assert.deepStrictEqual(playerMilestones(solo, 'Solo')!.first_on_server.map((e) => e.advancement.id), ['minecraft:end/kill_dragon', 'minecraft:end/elytra']);
  });

  it('handles a player with no advancements', () => {
    const m = playerMilestones(s, '.Eve')!;
    assert.deepStrictEqual([m.rarest, m.first_on_server, m.beats.some((b) => b.reached)], [null, [], false]);
  });

  it('returns null for an unknown player', () => {
    assert.equal(playerMilestones(s, 'nobody'), null);
  });
});

describe('queries over a snapshot read back from JSON', () => {
  it('answer exactly as over the original', () => {
    const copy = JSON.parse(JSON.stringify(s));
    assert.deepStrictEqual(getPlayerProfile(copy, 'alice'), getPlayerProfile(s, 'alice'));
    assert.deepStrictEqual(playerAdvancements(copy, 'bob', { completed: false }), playerAdvancements(s, 'bob', { completed: false }));
    assert.deepStrictEqual(listPlayers(copy), listPlayers(s));
  });
});
