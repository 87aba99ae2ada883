import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasStatsReading } from '../save/has-stats-reading.js';
import { attachPacked, packAdvancements, packedPartsOf, packStats } from '../save/packed.js';
import type { PlayerListEntry, PlayerSave, SaveData } from '../save/types.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { custom, DAY, done, HOUR, NOW, partial, player, save, T0, tinyStats, uuid } from '../snapshot/testing/save-fixture.js';
import { mergeSaves } from './merge-saves.js';
import { serverView } from './server-view.js';

const steve = uuid(1);
const alex = uuid(2);
const bedrock = uuid(3, true);
const ban = (id: string, expires: number | null = null): PlayerListEntry => ({ uuid: id, name: null, expires });

/** A player as `readSave` hands it out: stats and advancements packed. */
function packed(fields: Partial<PlayerSave> & { uuid: string }): PlayerSave {
  const p = player(fields);
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

const one = (id: string, s: SaveData) => ({ id, save: s });
const mergedPlayer = (network: SaveData, id: string) => network.players.find((p) => p.uuid === id)!;

describe('mergeSaves(members)', () => {
  const cases: Array<{ name: string; members: Array<{ id: string; save: SaveData }>; check: (network: SaveData) => void }> = [
    {
      name: 'sums every counter of a player seen on two servers, absent counting as 0',
      members: [
        one('survival', save([player({ uuid: steve, stats: { ...custom({ jump: 5, deaths: 1 }), 'minecraft:mined': { 'minecraft:stone': 10 } } })])),
        one('skyblock', save([packed({ uuid: steve, stats: custom({ jump: 7, walk_one_cm: 300 }) })])),
      ],
      check: (n) => assert.deepEqual(mergedPlayer(n, steve).stats, {
        'minecraft:custom': { 'minecraft:jump': 12, 'minecraft:deaths': 1, 'minecraft:walk_one_cm': 300 },
        'minecraft:mined': { 'minecraft:stone': 10 },
      }),
    },
    {
      name: 'unions advancements: each criterion at its earliest time, done anywhere, completed at the earliest completion',
      members: [
        one('a', save([player({ uuid: steve, advancements: [done('story/mine_stone', T0 + 5 * DAY), partial('adventure/adventuring_time', { 'minecraft:plains': T0 + 3 * DAY })] })])),
        one('b', save([packed({ uuid: steve, advancements: [done('minecraft:story/mine_stone', T0 + 2 * DAY), partial('adventure/adventuring_time', { 'minecraft:plains': T0 + DAY, 'minecraft:desert': T0 + 4 * DAY })] })])),
      ],
      check: (n) => {
        const [stone, time] = mergedPlayer(n, steve).advancements;
        assert.deepEqual(stone, { id: 'minecraft:story/mine_stone', done: true, criteria: { get_stone: T0 + 2 * DAY }, doneAt: T0 + 2 * DAY });
        assert.deepEqual(time, { id: 'minecraft:adventure/adventuring_time', done: false, criteria: { 'minecraft:plains': T0 + DAY, 'minecraft:desert': T0 + 4 * DAY }, doneAt: null });
      },
    },
    {
      name: 'names a player by the most recent sighting, and keeps the latest last-online and earliest first-played',
      members: [
        one('a', save([player({ uuid: steve, name: 'OldSteve', lastOnline: NOW - 9 * DAY, firstPlayed: T0 })])),
        one('b', save([player({ uuid: steve, name: 'Steve', lastOnline: NOW - DAY, firstPlayed: T0 + DAY })])),
        one('c', save([player({ uuid: steve, name: null, lastOnline: NOW, firstPlayed: null })])),
      ],
      check: (n) => {
        const p = mergedPlayer(n, steve);
        assert.deepEqual([p.name, p.lastOnline, p.firstPlayed], ['Steve', NOW, T0]);
      },
    },
    {
      name: 'keeps players of one server as they are, sorted by uuid with the others',
      members: [one('a', save([player({ uuid: steve }), player({ uuid: bedrock })])), one('b', save([player({ uuid: alex })]))],
      check: (n) => assert.deepEqual(n.players.map((p) => [p.uuid, p.edition]), [[bedrock, 'bedrock'], [steve, 'java'], [alex, 'java']]),
    },
    {
      name: 'lists a uuid banned on any server, the longest ban winning',
      members: [
        one('a', save([], { bannedPlayers: [ban(steve, NOW - DAY), ban(alex, NOW + DAY)] })),
        one('b', save([], { bannedPlayers: [ban(steve, null), ban(alex, NOW + 2 * DAY)] })),
      ],
      check: (n) => assert.deepEqual(n.bannedPlayers, [ban(steve, null), ban(alex, NOW + 2 * DAY)]),
    },
    {
      name: 'prefixes warnings with their server id and leaves mods to each server',
      members: [
        one('a', save([], { warnings: [{ file: 'world/stats/x.json', reason: 'bad' }], mods: [{ file: 'm.jar', size: 1, sha1: 'a', sha512: 'b' }] })),
        one('b', save([], { warnings: [{ file: 'usercache.json', reason: 'bad' }] })),
      ],
      check: (n) => {
        assert.deepEqual(n.warnings.map((w) => w.file), ['a/world/stats/x.json', 'b/usercache.json']);
        assert.deepEqual(n.mods, []);
      },
    },
  ];
  for (const { name, members, check } of cases) it(name, () => check(mergeSaves(members)));

  it('rejects no servers and an id given twice', () => {
    assert.throws(() => mergeSaves([]), RangeError);
    assert.throws(() => mergeSaves([one('a', save([])), one('a', save([]))]), /"a" appears twice/);
  });

  it('gives back the same merged player while its sightings are the same objects', () => {
    const a = save([player({ uuid: steve, stats: custom({ jump: 1 }) })]);
    const b = save([player({ uuid: steve, stats: custom({ jump: 2 }) })]);
    const first = mergeSaves([one('a', a), one('b', b)]);
    assert.equal(mergeSaves([one('a', a), one('b', b)]).players[0], first.players[0]);
    const changed = save([player({ uuid: steve, stats: custom({ jump: 3 }) })]);
    assert.equal(mergeSaves([one('a', a), one('b', changed)]).players[0]!.stats['minecraft:custom']!['minecraft:jump'], 4);
  });

  it('merges players read packed into a packed player: the same counters, entries and snapshot as merged from plain ones', () => {
    const kit = (server: number): Array<Partial<PlayerSave> & { uuid: string }> => [
      {
        uuid: steve,
        name: server === 0 ? 'Steve' : 'OldSteve',
        lastOnline: NOW - server * DAY,
        stats: { ...custom({ play_time: HOUR * (server + 1), jump: 5 + server, [`walk_${server}`]: 7 }), 'minecraft:mined': { 'minecraft:stone': 2 ** 31 - 1 } },
        advancements: [done('story/mine_stone', T0 + (5 - server) * DAY), partial('adventure/adventuring_time', { [`minecraft:biome_${server}`]: T0 + server * DAY })],
        recipes: { count: 3 + server, earliest: T0 - server * DAY },
      },
      { uuid: alex, name: 'Alex', stats: custom({ play_time: HOUR, deaths: server }), advancements: server === 1 ? [done('story/root', T0)] : [] },
      { uuid: bedrock, stats: {}, statsDataVersion: null, files: { stats: null, advancements: null, playerdata: null } },
    ];
    const plain = [0, 1].map((server) => one(`s${server}`, save(kit(server).map(player))));
    const packedOnes = [0, 1].map((server) => one(`s${server}`, save(kit(server).map(packed))));
    const fromPlain = mergeSaves(plain);
    const fromPacked = mergeSaves(packedOnes);
    for (const [i, merged] of fromPacked.players.entries()) {
      const expected = fromPlain.players[i]!;
      assert.ok(packedPartsOf(merged), `${merged.uuid} is packed`);
      assert.deepEqual(merged.stats, expected.stats);
      assert.deepEqual(merged.advancements, expected.advancements);
      assert.deepEqual({ ...merged, stats: null, advancements: null }, { ...expected, stats: null, advancements: null });
      assert.equal(hasStatsReading(merged), hasStatsReading(expected));
      assert.ok(Object.isFrozen(merged));
    }
    assert.equal(mergedPlayer(fromPacked, steve).stats['minecraft:mined']!['minecraft:stone'], 2 ** 32 - 2);
    const options = { now: NOW, stats: tinyStats };
    assert.deepEqual(buildSnapshot(fromPacked, options), buildSnapshot(fromPlain, options));
  });
});

describe('serverView(save, network)', () => {
  it("gives a server's players their network name and the network's ban list", () => {
    const a = save([packed({ uuid: steve, name: 'OldSteve', lastOnline: NOW - 9 * DAY, stats: custom({ jump: 5 }) })]);
    const b = save([player({ uuid: steve, name: 'Steve', lastOnline: NOW }), player({ uuid: alex })], { bannedPlayers: [ban(alex)] });
    const view = serverView(a, mergeSaves([one('a', a), one('b', b)]));
    assert.equal(view.players[0]!.name, 'Steve');
    assert.equal(view.players[0]!.stats['minecraft:custom']!['minecraft:jump'], 5);
    assert.deepEqual(view.bannedPlayers, [ban(alex)]);
  });
});
