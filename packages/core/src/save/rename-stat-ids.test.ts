import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, test } from 'node:test';
import { REPO_ROOT } from '../../../../test/support/repo.js';
import { NEWEST_STAT_RENAME, renameStatIds, statIdRenames } from './rename-stat-ids.js';
import { parseStatsFile } from './parse-stats-file.js';
import { RENAMED_STAT_IDS, STAT_TYPE_REGISTRIES, type StatIdRegistry } from './renamed-stat-ids.js';

/** The game facts next to the repository (may be absent: a fresh clone). */
const VANILLA = join(REPO_ROOT, '..', 'shared', 'vanilla');

/** A stat type whose keys are ids of `registry`. */
const TYPE_OF: Record<StatIdRegistry, string> = {
  block: 'minecraft:mined',
  item: 'minecraft:used',
  entity: 'minecraft:killed',
  custom: 'minecraft:custom',
};

/** The counters `parseStatsFile` gives for one stat written at `dataVersion`. */
function parsed(type: string, id: string, dataVersion: number | null, value = 7): Record<string, Record<string, number>> {
  const file: Record<string, unknown> = { stats: { [type]: { [`minecraft:${id}`]: value } } };
  if (dataVersion !== null) file.DataVersion = dataVersion;
  return parseStatsFile(JSON.stringify(file)).stats;
}

describe('parseStatsFile renames ids by the file\'s DataVersion', () => {
  // [stat type, old id, DataVersion just before the rename, today's id]: the renames real servers
  // meet, each on both sides of its DataVersion.
  const cases: Array<[type: string, from: string, fixer: number, to: string]> = [
    ['minecraft:killed', 'zombie_pigman', 2509, 'zombified_piglin'], // 1.16
    ['minecraft:killed_by', 'zombie_pigman', 2509, 'zombified_piglin'],
    ['minecraft:used', 'zombie_pigman_spawn_egg', 2509, 'zombified_piglin_spawn_egg'],
    ['minecraft:mined', 'grass_path', 2680, 'dirt_path'], // 1.17
    ['minecraft:picked_up', 'grass_path', 2680, 'dirt_path'],
    ['minecraft:mined', 'grass', 3692, 'short_grass'], // 1.20.3
    ['minecraft:dropped', 'grass', 3692, 'short_grass'],
    ['minecraft:picked_up', 'scute', 3800, 'turtle_scute'], // 1.20.5
    ['minecraft:crafted', 'sign', 1802, 'oak_sign'], // 1.14
    ['minecraft:mined', 'wall_sign', 1802, 'oak_wall_sign'],
    ['minecraft:mined', 'stone_slab', 1802, 'smooth_stone_slab'],
    ['minecraft:crafted', 'rose_red', 1800, 'red_dye'],
    ['minecraft:crafted', 'cactus_green', 1800, 'green_dye'],
    ['minecraft:crafted', 'dandelion_yellow', 1800, 'yellow_dye'],
    ['minecraft:killed', 'illager_beast', 1928, 'ravager'],
    ['minecraft:mined', 'chain', 4541, 'iron_chain'], // 1.21.9
    ['minecraft:broken', 'chain', 4541, 'iron_chain'],
    ['minecraft:custom', 'play_one_minute', 2710, 'play_time'], // 1.17
    ['minecraft:custom', 'swim_one_cm', 1510, 'walk_on_water_one_cm'], // a 1.13 snapshot
    ['minecraft:custom', 'dive_one_cm', 1510, 'walk_under_water_one_cm'],
    ['minecraft:killed', 'snowman', 1510, 'snow_golem'],
    ['minecraft:picked_up', 'pottery_shard_archer', 3438, 'archer_pottery_sherd'], // two fixers
    ['minecraft:mined', 'weathered_copper_block', 2690, 'oxidized_copper'], // two fixers
  ];
  for (const [type, from, fixer, to] of cases) {
    it(`${type} ${from}: ${to} before DataVersion ${fixer}, kept from it on`, () => {
      assert.deepEqual(parsed(type, from, fixer - 1), { [type]: { [`minecraft:${to}`]: 7 } });
      assert.deepEqual(parsed(type, from, 1451), { [type]: { [`minecraft:${to}`]: 7 } });
      if (from === 'weathered_copper_block') return; // renamed again at 2691 (below)
      assert.deepEqual(parsed(type, from, fixer), { [type]: { [`minecraft:${from}`]: 7 } });
      assert.deepEqual(parsed(type, from, 4671), { [type]: { [`minecraft:${from}`]: 7 } });
    });
  }

  it('applies each fixer once, in the game\'s order (copper blocks, kelp, melons)', () => {
    assert.deepEqual(parsed('minecraft:mined', 'weathered_copper_block', 2690), { 'minecraft:mined': { 'minecraft:weathered_copper': 7 } });
    assert.deepEqual(parsed('minecraft:mined', 'semi_weathered_copper_block', 2689), { 'minecraft:mined': { 'minecraft:weathered_copper': 7 } });
    const kelp = parseStatsFile(JSON.stringify({ stats: { 'minecraft:mined': { 'minecraft:kelp_top': 3, 'minecraft:kelp': 5 } }, DataVersion: 1487 }));
    assert.deepEqual(kelp.stats, { 'minecraft:mined': { 'minecraft:kelp': 3, 'minecraft:kelp_plant': 5 } });
    const melon = parseStatsFile(JSON.stringify({ stats: { 'minecraft:picked_up': { 'minecraft:melon_block': 2, 'minecraft:melon': 9 } }, DataVersion: 1489 }));
    assert.deepEqual(melon.stats, { 'minecraft:picked_up': { 'minecraft:melon': 2, 'minecraft:melon_slice': 9 } });
    // Blocks and items differ: the melon block was already `melon` as a block at 1490.
    assert.deepEqual(parsed('minecraft:mined', 'melon', 1489), { 'minecraft:mined': { 'minecraft:melon': 7 } });
  });

  it('adds an old name\'s count to the new name\'s', () => {
    const text = JSON.stringify({ stats: { 'minecraft:killed': { 'minecraft:zombie_pigman': 2, 'minecraft:zombified_piglin': 3, 'minecraft:zombie': 1 } }, DataVersion: 2230 });
    assert.deepEqual(parseStatsFile(text).stats, { 'minecraft:killed': { 'minecraft:zombified_piglin': 5, 'minecraft:zombie': 1 } });
  });

  it('leaves files without a DataVersion, other stat types and other namespaces alone', () => {
    assert.deepEqual(parsed('minecraft:killed', 'zombie_pigman', null), { 'minecraft:killed': { 'minecraft:zombie_pigman': 7 } });
    assert.deepEqual(parsed('mymod:smelted', 'grass', 2230), { 'mymod:smelted': { 'minecraft:grass': 7 } });
    const modded = JSON.stringify({ stats: { 'minecraft:mined': { 'othermod:grass': 4 } }, DataVersion: 2230 });
    assert.deepEqual(parseStatsFile(modded).stats, { 'minecraft:mined': { 'othermod:grass': 4 } });
  });
});

describe('RENAMED_STAT_IDS', () => {
  test('is in the game\'s order, and every rename changes the id', () => {
    const versions = RENAMED_STAT_IDS.map((group) => group.dataVersion);
    assert.deepEqual(versions, [...versions].sort((a, b) => a - b));
    assert.ok(versions.every((v) => v > 1451 && v <= 4671), 'between the flattening and 1.21.11');
    for (const group of RENAMED_STAT_IDS) {
      for (const [from, to] of Object.entries(group.renames)) {
        assert.notEqual(from, to);
        assert.match(from, /^[a-z0-9_]+$/);
        assert.match(to, /^[a-z0-9_]+$/);
      }
      assert.match(group.source, new RegExp(`^${group.dataVersion} `), 'the source names the fixer\'s DataVersion');
    }
    assert.equal(NEWEST_STAT_RENAME, 4541);
  });

  // Every rename on both sides of its DataVersion, through the file parser.
  for (const group of RENAMED_STAT_IDS) {
    test(`${group.source} (${group.registry}): renamed just before ${group.dataVersion}, not by it from ${group.dataVersion}`, () => {
      const later = (id: string) => statIdRenames(group.registry, group.dataVersion).get(`minecraft:${id}`) ?? `minecraft:${id}`;
      for (const from of Object.keys(group.renames)) {
        const before = Object.keys(parsed(TYPE_OF[group.registry], from, group.dataVersion - 1)[TYPE_OF[group.registry]]!);
        assert.notDeepEqual(before, [`minecraft:${from}`], `${from} before ${group.dataVersion}`);
        const at = Object.keys(parsed(TYPE_OF[group.registry], from, group.dataVersion)[TYPE_OF[group.registry]]!);
        assert.deepEqual(at, [later(from)], `${from} at ${group.dataVersion}`);
      }
    });
  }

  test('every stat type of the game is mapped to its registry', () => {
    assert.deepEqual(Object.keys(STAT_TYPE_REGISTRIES).sort(), [
      'minecraft:broken', 'minecraft:crafted', 'minecraft:custom', 'minecraft:dropped', 'minecraft:killed',
      'minecraft:killed_by', 'minecraft:mined', 'minecraft:picked_up', 'minecraft:used',
    ]);
  });

  test('renamed custom stats and mobs end under ids 1.21.11 has (../shared/vanilla)', (t) => {
    const customFile = `${VANILLA}/custom_stats.json`;
    const typesFile = `${VANILLA}/stat_types.json`;
    if (!existsSync(customFile) || !existsSync(typesFile)) return t.skip('../shared/vanilla absent');
    const customIds = new Set((JSON.parse(readFileSync(customFile, 'utf8')) as { stats: Array<{ id: string }> }).stats.map((s) => s.id));
    const mobs = new Set((JSON.parse(readFileSync(typesFile, 'utf8')) as { mobs_detail: Array<{ id: string }> }).mobs_detail.map((m) => m.id));
    for (const [from, to] of statIdRenames('custom', 1451)) assert.ok(customIds.has(to), `${from} → ${to}`);
    const mobRenames = ['snowman', 'evocation_illager', 'illusion_illager', 'vindication_illager', 'villager_golem', 'puffer_fish', 'salmon_mob', 'cod_mob', 'illager_beast', 'zombie_pigman'];
    for (const from of mobRenames) {
      const to = statIdRenames('entity', 1451).get(`minecraft:${from}`);
      assert.ok(to !== undefined && mobs.has(to), `${from} → ${to}`);
    }
  });

  test('renameStatIds returns the same counters for files that need nothing', () => {
    const stats = { 'minecraft:killed': { 'minecraft:zombie_pigman': 1 } };
    assert.equal(renameStatIds(stats, 4671), stats);
    assert.equal(renameStatIds(stats, null), stats);
    assert.deepEqual(stats, { 'minecraft:killed': { 'minecraft:zombie_pigman': 1 } });
  });
});
