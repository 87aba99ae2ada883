import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import { defaultSourcePath } from '../../scripts/build-advancement-catalogue.js';
import { findStat, statCatalogue } from './stat-catalogue.js';
import type { Unit } from './types.js';

/** `../shared/vanilla` next to the repo, or null when the facts folder is absent. */
function vanillaDir(): string | null {
  const dir = dirname(defaultSourcePath(process.env.BLOCKSTATS_REPO_ROOT));
  return existsSync(dir) ? dir : null;
}

/** The 77 `minecraft:custom` stats of 1.21.11 (custom_stats.json) with their formatter's unit. */
const CUSTOM: ReadonlyArray<readonly [string, Unit]> = [
  ['leave_game', 'int'], ['play_time', 'ticks'], ['total_world_time', 'ticks'], ['time_since_death', 'ticks'],
  ['time_since_rest', 'ticks'], ['sneak_time', 'ticks'], ['walk_one_cm', 'cm'], ['crouch_one_cm', 'cm'],
  ['sprint_one_cm', 'cm'], ['walk_on_water_one_cm', 'cm'], ['fall_one_cm', 'cm'], ['climb_one_cm', 'cm'],
  ['fly_one_cm', 'cm'], ['walk_under_water_one_cm', 'cm'], ['minecart_one_cm', 'cm'], ['boat_one_cm', 'cm'],
  ['pig_one_cm', 'cm'], ['happy_ghast_one_cm', 'cm'], ['horse_one_cm', 'cm'], ['aviate_one_cm', 'cm'],
  ['swim_one_cm', 'cm'], ['strider_one_cm', 'cm'], ['nautilus_one_cm', 'cm'], ['jump', 'int'], ['drop', 'int'],
  ['damage_dealt', 'tenths_of_heart'], ['damage_dealt_absorbed', 'tenths_of_heart'],
  ['damage_dealt_resisted', 'tenths_of_heart'], ['damage_taken', 'tenths_of_heart'],
  ['damage_blocked_by_shield', 'tenths_of_heart'], ['damage_absorbed', 'tenths_of_heart'],
  ['damage_resisted', 'tenths_of_heart'], ['deaths', 'int'], ['mob_kills', 'int'], ['animals_bred', 'int'],
  ['player_kills', 'int'], ['fish_caught', 'int'], ['talked_to_villager', 'int'], ['traded_with_villager', 'int'],
  ['eat_cake_slice', 'int'], ['fill_cauldron', 'int'], ['use_cauldron', 'int'], ['clean_armor', 'int'],
  ['clean_banner', 'int'], ['clean_shulker_box', 'int'], ['interact_with_brewingstand', 'int'],
  ['interact_with_beacon', 'int'], ['inspect_dropper', 'int'], ['inspect_hopper', 'int'],
  ['inspect_dispenser', 'int'], ['play_noteblock', 'int'], ['tune_noteblock', 'int'], ['pot_flower', 'int'],
  ['trigger_trapped_chest', 'int'], ['open_enderchest', 'int'], ['enchant_item', 'int'], ['play_record', 'int'],
  ['interact_with_furnace', 'int'], ['interact_with_crafting_table', 'int'], ['open_chest', 'int'],
  ['sleep_in_bed', 'int'], ['open_shulker_box', 'int'], ['open_barrel', 'int'],
  ['interact_with_blast_furnace', 'int'], ['interact_with_smoker', 'int'], ['interact_with_lectern', 'int'],
  ['interact_with_campfire', 'int'], ['interact_with_cartography_table', 'int'], ['interact_with_loom', 'int'],
  ['interact_with_stonecutter', 'int'], ['bell_ring', 'int'], ['raid_trigger', 'int'], ['raid_win', 'int'],
  ['interact_with_anvil', 'int'], ['interact_with_grindstone', 'int'], ['target_hit', 'int'],
  ['interact_with_smithing_table', 'int'],
];

/** Hostile and passive mobs of 1.21.11 (stat_types.json), plus `player`, the one non-mob killer tracked. */
const HOSTILE = [
  'blaze', 'bogged', 'breeze', 'camel_husk', 'cave_spider', 'creaking', 'creeper', 'drowned', 'elder_guardian',
  'enderman', 'endermite', 'ender_dragon', 'evoker', 'ghast', 'giant', 'guardian', 'hoglin', 'husk', 'illusioner',
  'magma_cube', 'parched', 'phantom', 'piglin', 'piglin_brute', 'pillager', 'ravager', 'shulker', 'silverfish',
  'skeleton', 'slime', 'spider', 'stray', 'vex', 'vindicator', 'warden', 'witch', 'wither', 'wither_skeleton',
  'zoglin', 'zombie', 'zombie_horse', 'zombie_nautilus', 'zombie_villager', 'zombified_piglin',
].map((m) => `minecraft:${m}`);
const PASSIVE = [
  'allay', 'armadillo', 'axolotl', 'bat', 'bee', 'camel', 'cat', 'chicken', 'cod', 'copper_golem', 'cow', 'dolphin',
  'donkey', 'fox', 'frog', 'happy_ghast', 'glow_squid', 'goat', 'horse', 'iron_golem', 'llama', 'mooshroom', 'mule',
  'nautilus', 'ocelot', 'panda', 'parrot', 'pig', 'polar_bear', 'pufferfish', 'rabbit', 'salmon', 'sheep',
  'skeleton_horse', 'sniffer', 'snow_golem', 'squid', 'strider', 'tadpole', 'trader_llama', 'tropical_fish',
  'turtle', 'villager', 'wandering_trader', 'wolf',
].map((m) => `minecraft:${m}`);
const KNOWN_ENTITIES = new Set([...HOSTILE, ...PASSIVE, 'minecraft:player']);

const STAT_TYPES = new Set([
  'minecraft:mined', 'minecraft:crafted', 'minecraft:used', 'minecraft:broken', 'minecraft:picked_up',
  'minecraft:dropped', 'minecraft:killed', 'minecraft:killed_by', 'minecraft:custom',
]);

describe('statCatalogue', () => {
  test('holds exactly 217 statistics with unique snake_case ids', () => {
    assert.equal(statCatalogue.length, 217);
    const ids = statCatalogue.map((s) => s.id);
    assert.equal(new Set(ids).size, 217, 'ids are unique');
    for (const id of ids) assert.match(id, /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, id);
  });

  test('every entry has a title, a description, a category and a valid unit', () => {
    for (const s of statCatalogue) {
      assert.ok(s.title.trim().length > 0, `${s.id} title`);
      assert.ok(s.description && s.description.trim().length > 0, `${s.id} description`);
      assert.match(s.category, /^[a-z_]+$/, `${s.id} category`);
      assert.ok(['int', 'cm', 'ticks', 'tenths_of_heart'].includes(s.unit), `${s.id} unit`);
    }
  });

  test('titles are unique, so leaderboards are told apart', () => {
    const titles = statCatalogue.map((s) => s.title);
    assert.equal(new Set(titles).size, titles.length);
  });

  describe('all 77 minecraft:custom statistics keep their vanilla path and formatter unit', () => {
    assert.equal(CUSTOM.length, 77);
    for (const [path, unit] of CUSTOM) {
      test(`${path} → ${unit}`, () => {
        const stat = findStat(path);
        assert.ok(stat, `${path} is in the catalogue`);
        assert.equal(stat.unit, unit);
        assert.equal(stat.sources[0]?.type, 'minecraft:custom');
        assert.ok(stat.sources[0]?.keys?.includes(`minecraft:${path}`));
      });
    }
  });

  test('custom statistics come first, in the game order, and no other stat reads minecraft:custom', () => {
    assert.deepEqual(statCatalogue.slice(0, 77).map((s) => s.id), CUSTOM.map(([path]) => path));
    for (const s of statCatalogue.slice(77)) {
      assert.ok(s.sources.every((src) => src.type !== 'minecraft:custom'), s.id);
      assert.equal(s.unit, 'int', `${s.id}: counts of blocks, items and mobs are plain counts`);
    }
  });

  test('play_time also reads the pre-1.17 name play_one_minute (DECISIONS 2)', () => {
    assert.deepEqual(findStat('play_time')?.sources, [
      { type: 'minecraft:custom', keys: ['minecraft:play_time', 'minecraft:play_one_minute'] },
    ]);
  });

  test('every source names a known stat type and namespaced keys, or all keys', () => {
    for (const s of statCatalogue) {
      assert.ok(s.sources.length > 0, s.id);
      for (const src of s.sources) {
        assert.ok(STAT_TYPES.has(src.type), `${s.id}: ${src.type}`);
        assert.ok(src.allKeys === true || (src.keys?.length ?? 0) > 0, `${s.id}: keys or allKeys`);
        assert.ok(!(src.allKeys && src.keys), `${s.id}: not both keys and allKeys`);
        for (const key of src.keys ?? []) assert.match(key, /^minecraft:[a-z0-9_]+$/, `${s.id}: ${key}`);
        assert.equal(new Set(src.keys ?? []).size, (src.keys ?? []).length, `${s.id}: no key listed twice`);
      }
    }
  });

  test('a stat summing several keys says so in its description (DECISIONS 2)', () => {
    for (const s of statCatalogue) {
      const keys = s.sources.reduce((n, src) => n + (src.keys?.length ?? 0), 0);
      if (keys > 1) assert.match(s.description ?? '', /merged|summed|includes/i, s.id);
    }
    assert.match(findStat('mined_diamond_ore')?.description ?? '', /deepslate/);
  });

  test('ores merge their deepslate variants', () => {
    for (const ore of ['coal', 'copper', 'iron', 'gold', 'redstone', 'lapis', 'diamond', 'emerald']) {
      assert.deepEqual(findStat(`mined_${ore}_ore`)?.sources, [
        { type: 'minecraft:mined', keys: [`minecraft:${ore}_ore`, `minecraft:deepslate_${ore}_ore`] },
      ]);
    }
  });

  test('there is a total per stat type', () => {
    for (const type of ['mined', 'crafted', 'used', 'broken', 'picked_up', 'dropped', 'killed', 'killed_by']) {
      assert.deepEqual(findStat(`${type}_total`)?.sources, [{ type: `minecraft:${type}`, allKeys: true }], type);
    }
  });

  test('every hostile mob has its killed_<mob> statistic', () => {
    for (const mob of HOSTILE) {
      const id = `killed_${mob.slice('minecraft:'.length)}`;
      assert.deepEqual(findStat(id)?.sources, [{ type: 'minecraft:killed', keys: [mob] }], id);
    }
  });

  test('every entity referenced by killed and killed_by statistics is a known mob (or player)', () => {
    for (const s of statCatalogue) {
      for (const src of s.sources) {
        if (src.type !== 'minecraft:killed' && src.type !== 'minecraft:killed_by') continue;
        for (const key of src.keys ?? []) assert.ok(KNOWN_ENTITIES.has(key), `${s.id}: ${key}`);
      }
    }
  });

  test('the test lists match ../shared/vanilla when present', (t) => {
    const dir = vanillaDir();
    if (!dir) return t.skip('../shared/vanilla absent');
    const custom = JSON.parse(readFileSync(`${dir}/custom_stats.json`, 'utf8')) as {
      stats: { id: string; name: string; formatter: string }[];
    };
    const unitOf: Record<string, Unit> = { DEFAULT: 'int', TIME: 'ticks', DISTANCE: 'cm', DIVIDE_BY_TEN: 'tenths_of_heart' };
    assert.deepEqual(
      custom.stats.map((s) => [s.id.slice('minecraft:'.length), unitOf[s.formatter]]),
      CUSTOM.map(([path, unit]) => [path, unit]),
    );
    for (const s of custom.stats) assert.equal(findStat(s.id.slice('minecraft:'.length))?.title, s.name, s.id);
    const types = JSON.parse(readFileSync(`${dir}/stat_types.json`, 'utf8')) as {
      hostile_mobs: { id: string }[];
      passive_mobs: { id: string }[];
    };
    assert.deepEqual(types.hostile_mobs.map((m) => m.id).sort(), [...HOSTILE].sort());
    assert.deepEqual(types.passive_mobs.map((m) => m.id).sort(), [...PASSIVE].sort());
  });
});

describe('findStat(id)', () => {
  test('finds by exact id and returns undefined otherwise', () => {
    assert.equal(findStat('jump')?.title, 'Jumps');
    assert.equal(findStat('minecraft:jump'), undefined);
    assert.equal(findStat('JUMP'), undefined);
    assert.equal(findStat(''), undefined);
    assert.equal(findStat('constructor'), undefined);
  });
});
