import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSnapshot } from './build-snapshot.js';
import { snapshotGeneration } from './snapshot-generation.js';
import { asJson } from './testing/as-json.js';
import { ids, league, leagueSave } from './testing/league.js';
import { custom, DAY, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from './testing/save-fixture.js';
import { PLAYER_ADVANCEMENT_STRIDE, type Snapshot } from './types.js';
import { IntValueColumn } from './int-value-column.js';
import { ValueColumn } from './value-column.js';
import { flatEntries } from './advancement-row.js';

const statOf = (s: Snapshot, id: string) => s.stats.find((x) => x.id === id)!;
const indexOf = (s: Snapshot, uuid: string) => s.players.findIndex((p) => p.uuid === uuid);
const boardUuids = (s: Snapshot, id: string) => Array.from(statOf(s, id).board, (p) => s.players[p]!.uuid);

describe('buildSnapshot(save, options)', () => {
  it('is deterministic: the same input gives a deep-equal snapshot and the same generation', () => {
    const a = league();
    const b = league();
    assert.deepStrictEqual(a, b);
    assert.equal(a.generation, b.generation);
    assert.match(a.generation, /^[0-9a-f]{16}$/);
    assert.equal(snapshotGeneration(a), a.generation);
  });

  it('is JSON: a round trip gives the same data (value columns as arrays) and the same generation', () => {
    const s = league();
    assert.ok(s.stats.every((stat) => stat.values instanceof IntValueColumn || stat.values instanceof ValueColumn));
    const back = JSON.parse(JSON.stringify(s)) as Snapshot;
    assert.deepStrictEqual(back, asJson(s));
    assert.equal(snapshotGeneration(back), s.generation);
  });

  it('changes generation when the data or the clock changes', () => {
    const base = league();
    const input = leagueSave();
    input.players[1]!.stats = custom({ play_time: 2 * HOUR, jump: 11 });
    assert.notEqual(buildSnapshot(input, { now: NOW, stats: tinyStats }).generation, base.generation);
    assert.notEqual(league({ now: NOW + 1 }).generation, base.generation);
  });

  it('does not depend on the order of players in the save', () => {
    const input = leagueSave();
    input.players.reverse();
    assert.deepStrictEqual(buildSnapshot(input, { now: NOW, stats: tinyStats }), league());
  });

  it('stamps data_updated_at from the injected clock', () => {
    assert.equal(league().data_updated_at, '2024-07-01T00:00:00.000Z');
  });

  it('ranks players who reach the minimum play time (play_time + play_one_minute, DECISIONS 2, 9)', () => {
    const s = league();
    const ranked = s.players.filter((p) => p.ranked).map((p) => p.uuid);
    assert.deepStrictEqual(ranked, [ids.eve, ids.alice, ids.bob, ids.carl]);
    // bob played exactly 60 minutes, in the pre-1.17 counter.
    assert.equal(s.players[indexOf(s, ids.bob)]!.play_time, HOUR);
    // With a 61-minute rule bob drops out.
    assert.equal(league({ minPlaytimeMinutes: 61 }).players[indexOf(s, ids.bob)]!.ranked, false);
  });

  it('builds leaderboards of ranked players with a value, ties sharing a rank in name order (DECISIONS 10)', () => {
    const s = league();
    const table = [
      { id: 'play_time', board: [ids.carl, ids.eve, ids.alice, ids.bob], ranks: [1, 2, 2, 4] },
      { id: 'jump', board: [ids.alice, ids.bob, ids.carl], ranks: [1, 1, 3] },
      { id: 'deaths', board: [ids.carl, ids.alice], ranks: [1, 2] },
      { id: 'walk_one_cm', board: [ids.alice], ranks: [1] },
      { id: 'mined_total', board: [ids.bob, ids.alice], ranks: [1, 2] },
    ];
    for (const row of table) {
      assert.deepStrictEqual(boardUuids(s, row.id), row.board, row.id);
      assert.deepStrictEqual([...statOf(s, row.id).ranks], row.ranks, row.id);
    }
  });

  it('keeps the values of unranked players but leaves them off the boards', () => {
    const s = league();
    const dora = indexOf(s, ids.dora);
    assert.equal(statOf(s, 'jump').values[dora], 50);
    assert.equal(statOf(s, 'jump').board.includes(dora), false);
  });

  it('sums totals over ranked players only (DECISIONS 13)', () => {
    const s = league();
    assert.equal(statOf(s, 'jump').total, 25);
    assert.equal(statOf(s, 'deaths').total, 4);
    assert.equal(statOf(s, 'mined_total').total, 30);
  });

  it('awards shared medals, crown scores and the hall of fame (DECISIONS 10-11)', () => {
    const s = league();
    const by = (u: string) => s.players[indexOf(s, u)]!;
    assert.deepStrictEqual(by(ids.alice).medals, [2, 3, 0]);
    assert.deepStrictEqual(by(ids.carl).medals, [2, 0, 1]);
    assert.deepStrictEqual(by(ids.bob).medals, [2, 0, 0]);
    assert.deepStrictEqual(by(ids.eve).medals, [0, 1, 0]);
    assert.deepStrictEqual([ids.alice, ids.carl, ids.bob, ids.eve].map((u) => by(u).crown_score), [14, 9, 8, 2]);
    assert.deepStrictEqual(s.hall_of_fame.map((p) => s.players[p]!.uuid), [ids.alice, ids.carl, ids.bob, ids.eve]);
    assert.deepStrictEqual([ids.alice, ids.carl, ids.bob, ids.eve, ids.dora].map((u) => by(u).hall_of_fame_rank), [1, 2, 3, 4, null]);
  });

  it('uses configured crown weights', () => {
    const s = league({ crownWeights: { gold: 1, silver: 1, bronze: 10 } });
    // Alice 2+3=5, Carl 2+10=12, bob 2, .Eve 1.
    assert.deepStrictEqual(s.hall_of_fame.map((p) => s.players[p]!.name), ['Carl', 'Alice', 'bob', '.Eve']);
  });

  it('lets players equal on crown, gold, silver and bronze share a hall-of-fame rank, listed by name', () => {
    const input = save([
      player({ uuid: uuid(1), name: 'Zed', stats: custom({ play_time: HOUR, jump: 5 }) }),
      player({ uuid: uuid(2), name: 'amy', stats: custom({ play_time: HOUR, jump: 5 }) }),
    ]);
    const s = buildSnapshot(input, { now: NOW, stats: tinyStats });
    // Both tie on play_time (gold) and jump (gold).
    assert.deepStrictEqual(s.hall_of_fame.map((p) => s.players[p]!.name), ['amy', 'Zed']);
    assert.deepStrictEqual(s.players.map((p) => p.hall_of_fame_rank), [1, 1]);
  });

  it('keeps the ten best ranks, lowest rank first and catalogue order inside a rank', () => {
    const s = league();
    const alice = s.players[indexOf(s, ids.alice)]!;
    const named = [];
    for (let i = 0; i < alice.top_ranks.length; i += 2) named.push([s.stats[alice.top_ranks[i]!]!.id, alice.top_ranks[i + 1]]);
    assert.deepStrictEqual(named, [['jump', 1], ['walk_one_cm', 1], ['play_time', 2], ['deaths', 2], ['mined_total', 2]]);

    const many = Array.from({ length: 14 }, (_, i) => ({
      id: `s${i}`, title: `S${i}`, description: null, unit: 'int' as const, category: 'general',
      sources: [{ type: 'minecraft:custom', keys: [`minecraft:k${i}`] }],
    }));
    const counters = Object.fromEntries(many.map((_, i) => [`k${i}`, 1]));
    const one = buildSnapshot(save([player({ uuid: uuid(1), name: 'A', stats: custom({ play_time: HOUR, ...counters }) })]), { now: NOW, stats: many });
    assert.equal(one.players[0]!.top_ranks.length, 20);
    assert.deepStrictEqual(one.players[0]!.top_ranks.filter((_, i) => i % 2 === 0), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('computes rarity inputs: holders in earn order, scanned players with an advancements file', () => {
    const s = league();
    assert.equal(s.server.scanned_players, 4);
    const root = s.advancements.find((a) => a.id === 'minecraft:story/root')!;
    assert.deepStrictEqual(Array.from(root.holders, (p) => s.players[p]!.name), ['Alice', 'bob', 'Carl', 'Dora']);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(root.holder_at)), [T0 + 3_600_000, T0 + 5 * DAY, T0 + 20 * DAY, T0 + 30 * DAY]);
    const elytra = s.advancements.find((a) => a.id === 'minecraft:end/elytra')!;
    assert.deepStrictEqual([...elytra.holders], []);
  });

  it('lists datapack advancements after the vanilla ones, with their namespace as category', () => {
    const s = league();
    const last = s.advancements.at(-1)!;
    assert.deepStrictEqual(
      { id: last.id, source: last.source, category: last.category, title: last.title, required: last.required },
      { id: 'incendium:technical/on_kill', source: 'datapack', category: 'incendium', title: 'On Kill', required: -1 },
    );
    assert.equal(s.advancements.filter((a) => a.source === 'datapack').length, 1);
  });

  it('counts only completed vanilla advancements as earned', () => {
    const s = league();
    assert.equal(s.players[indexOf(s, ids.bob)]!.advancements_earned, 2);
    assert.equal(s.players[indexOf(s, ids.eve)]!.advancements_earned, 0);
  });

  it('stores each player’s advancements completed-newest-first, then unfinished with progress', () => {
    const s = league();
    const bob = s.players[indexOf(s, ids.bob)]!;
    const flat = flatEntries(bob.advancements);
    const rows = [];
    for (let o = 0; o < flat.length; o += PLAYER_ADVANCEMENT_STRIDE) {
      rows.push([s.advancements[flat[o]!]!.id, ...flat.slice(o + 1, o + PLAYER_ADVANCEMENT_STRIDE)]);
    }
    const timeRequired = s.advancements.find((a) => a.id === 'minecraft:adventure/adventuring_time')!.required;
    assert.ok(timeRequired > 50, 'adventuring_time needs every biome');
    assert.deepStrictEqual(rows, [
      ['minecraft:story/mine_stone', 1, T0 + 6 * DAY, 1, 1],
      ['minecraft:story/root', 1, T0 + 5 * DAY, 1, 1],
      ['incendium:technical/on_kill', 1, T0 + 5 * DAY, 1, -1],
      ['minecraft:adventure/adventuring_time', 0, T0 + 8 * DAY, 2, timeRequired],
    ]);
  });

  it('keeps only the newest unlocks in the feed, bounded by feedSize', () => {
    const s = league({ feedSize: 3 });
    const events = [];
    for (let o = 0; o < s.feed.events.length; o += 3) {
      events.push([s.players[s.feed.events[o]!]!.name, s.advancements[s.feed.events[o + 1]!]!.id, s.feed.events[o + 2]]);
    }
    assert.deepStrictEqual(events, [
      ['Dora', 'minecraft:story/root', T0 + 30 * DAY],
      ['Carl', 'minecraft:story/root', T0 + 20 * DAY],
      ['Alice', 'minecraft:end/kill_dragon', T0 + 10 * DAY],
    ]);
    // Every vanilla unlock fits in the default 200; the datapack one never enters.
    assert.equal(league().feed.events.length / 3, 7);
    assert.equal(league({ feedSize: 0 }).feed.events.length, 0);
  });

  it('derives first_seen from the oldest advancement or recipe time, estimated on evidence (DECISIONS 8)', () => {
    const s = league();
    const by = (u: string) => s.players[indexOf(s, u)]!;
    // Alice's oldest is a recipe at T0; two hours played fits easily in the span.
    assert.deepStrictEqual([by(ids.alice).first_seen_ms, by(ids.alice).first_seen_estimated], [T0, false]);
    // Carl's Bukkit firstPlayed is 100 days older than his first advancement.
    assert.deepStrictEqual([by(ids.carl).first_seen_ms, by(ids.carl).first_seen_estimated], [T0 + 20 * DAY, true]);
    // .Eve has no advancements: the oldest file time, a floor.
    assert.deepStrictEqual([by(ids.eve).first_seen_ms, by(ids.eve).first_seen_estimated], [NOW - 3 * DAY, true]);
  });

  it('marks first_seen estimated when recorded play time exceeds the span to last online', () => {
    const veteran = player({
      uuid: uuid(1), name: 'Old', stats: custom({ play_time: 5 * 24 * HOUR }),
      advancements: [done('story/root', NOW - 3 * DAY)], lastOnline: NOW - DAY,
    });
    const s = buildSnapshot(save([veteran]), { now: NOW, stats: tinyStats });
    assert.equal(s.players[0]!.first_seen_estimated, true);
  });

  it('counts both lodestone ids in an upgraded world (DECISIONS 5)', () => {
    const input = save(
      [
        player({ uuid: uuid(1), name: 'Old', advancements: [done('nether/use_lodestone', T0)] }),
        player({ uuid: uuid(2), name: 'New', advancements: [done('adventure/use_lodestone', T0 + DAY)] }),
      ],
      { dataVersions: [4189, 4671] },
    );
    const s = buildSnapshot(input, { now: NOW, stats: tinyStats });
    const lodestones = s.advancements.filter((a) => a.id.endsWith('/use_lodestone'));
    assert.deepStrictEqual(lodestones.map((a) => [a.id, a.source, a.holders.length]), [
      ['minecraft:nether/use_lodestone', 'vanilla', 1],
      ['minecraft:adventure/use_lodestone', 'vanilla', 1],
    ]);
    assert.deepStrictEqual(s.players.map((p) => p.advancements_earned), [1, 1]);
  });

  it('keeps a held pre-1.21.5 lodestone advancement vanilla even when only newer versions are listed', () => {
    const input = save([player({ uuid: uuid(1), name: 'Old', advancements: [done('nether/use_lodestone', T0)] })], { dataVersions: [4671] });
    const s = buildSnapshot(input, { now: NOW, stats: tinyStats });
    assert.equal(s.advancements.find((a) => a.id === 'minecraft:nether/use_lodestone')?.source, 'vanilla');
  });

  it('takes skins from the injected lookup, keeping only texture hashes', () => {
    const hash = 'a'.repeat(64);
    const s = league({ skins: (u) => (u === ids.alice ? hash : u === ids.bob ? 'not a hash' : null) });
    assert.equal(s.players[indexOf(s, ids.alice)]!.skin, hash);
    assert.equal(s.players[indexOf(s, ids.bob)]!.skin, null);
  });

  it('copies the reader warnings', () => {
    const input = leagueSave();
    input.warnings.push({ file: 'usercache.json', reason: 'invalid JSON' });
    assert.deepStrictEqual(buildSnapshot(input, { now: NOW, stats: tinyStats }).warnings, [{ file: 'usercache.json', reason: 'invalid JSON' }]);
  });

  it('builds an empty server', () => {
    const s = buildSnapshot(save([], { dataVersions: [] }), { now: NOW, stats: tinyStats });
    assert.deepStrictEqual([s.players.length, s.feed.events.length, s.hall_of_fame.length], [0, 0, 0]);
    assert.ok(s.advancements.length > 100);
  });

  it('defaults to the 217-stat catalogue', () => {
    assert.equal(buildSnapshot(leagueSave(), { now: NOW }).stats.length, 217);
  });

  const badOptions: [string, object][] = [
    ['now missing', {}],
    ['now NaN', { now: Number.NaN }],
    ['negative minPlaytimeMinutes', { now: NOW, minPlaytimeMinutes: -1 }],
    ['fractional feedSize', { now: NOW, feedSize: 1.5 }],
    ['negative crown weight', { now: NOW, crownWeights: { gold: -4, silver: 2, bronze: 1 } }],
    ['duplicate stat ids', { now: NOW, stats: [tinyStats[1], tinyStats[1]] }],
  ];
  for (const [label, options] of badOptions) {
    it(`rejects ${label} with a RangeError`, () => {
      assert.throws(() => buildSnapshot(leagueSave(), options as never), RangeError);
    });
  }
});

describe('buildSnapshot: players the save lists twice', () => {
  it('keeps the first record of a uuid seen twice, with a warning, whether or not the save is sorted', () => {
    for (const order of ['as read', 'reversed'] as const) {
      const input = leagueSave();
      const twin = { ...input.players.find((p) => p.uuid === ids.bob)!, name: 'BobTwin' };
      input.players.push(twin);
      if (order === 'reversed') input.players.reverse();
      const s = buildSnapshot(input, { now: NOW, stats: tinyStats });
      assert.equal(s.players.filter((p) => p.uuid === ids.bob).length, 1, order);
      assert.ok(s.warnings.some((w) => w.reason === `duplicate player ${ids.bob} ignored`), order);
    }
  });
});
