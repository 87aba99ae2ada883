import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseStatsFile } from './parse-stats-file.js';

describe('parseStatsFile(text)', () => {
  it('reads the 1.13+ format, compact or pretty-printed, the same', () => {
    const file = { stats: { 'minecraft:custom': { 'minecraft:jump': 42 }, 'minecraft:mined': { 'minecraft:stone': 10 } }, DataVersion: 4671 };
    for (const text of [JSON.stringify(file), JSON.stringify(file, null, 2)]) {
      assert.deepEqual(parseStatsFile(text), { stats: file.stats, dataVersion: 4671, legacy: false });
    }
  });

  it('keeps only finite numbers', () => {
    const text = JSON.stringify({
      stats: {
        'minecraft:custom': { 'minecraft:jump': 1, 'minecraft:deaths': '3', 'minecraft:walk_one_cm': { value: 2 }, 'minecraft:x': null, 'minecraft:y': true },
        'minecraft:mined': 'oops',
        'minecraft:used': [1, 2],
      },
      DataVersion: '3953',
    });
    assert.deepEqual(parseStatsFile(text), { stats: { 'minecraft:custom': { 'minecraft:jump': 1 } }, dataVersion: null, legacy: false });
  });

  it('accepts a file with no stats yet', () => {
    assert.deepEqual(parseStatsFile('{}'), { stats: {}, dataVersion: null, legacy: false });
    assert.deepEqual(parseStatsFile('{"stats":{},"DataVersion":3953}'), { stats: {}, dataVersion: 3953, legacy: false });
  });

  const legacy: Array<[string, string, string] | [string, null]> = [
    ['stat.walkOneCm', 'minecraft:custom', 'minecraft:walk_one_cm'],
    ['stat.playOneMinute', 'minecraft:custom', 'minecraft:play_time'], // StatsCounterFix, then fixer 2710
    ['stat.swimOneCm', 'minecraft:custom', 'minecraft:walk_on_water_one_cm'], // then fixer 1510
    ['stat.diveOneCm', 'minecraft:custom', 'minecraft:walk_under_water_one_cm'],
    ['stat.deaths', 'minecraft:custom', 'minecraft:deaths'],
    ['stat.jump', 'minecraft:custom', 'minecraft:jump'],
    ['stat.drop', 'minecraft:custom', 'minecraft:drop'],
    ['stat.craftingTableInteraction', 'minecraft:custom', 'minecraft:interact_with_crafting_table'],
    ['stat.mineBlock.minecraft.stone', 'minecraft:mined', 'minecraft:stone'],
    ['stat.mineBlock.minecraft.quartz_ore', 'minecraft:mined', 'minecraft:nether_quartz_ore'],
    ['stat.craftItem.minecraft.lit_pumpkin', 'minecraft:crafted', 'minecraft:jack_o_lantern'],
    ['stat.useItem.minecraft.iron_pickaxe', 'minecraft:used', 'minecraft:iron_pickaxe'],
    ['stat.breakItem.minecraft.stone_axe', 'minecraft:broken', 'minecraft:stone_axe'],
    ['stat.pickup.minecraft.reeds', 'minecraft:picked_up', 'minecraft:sugar_cane'],
    ['stat.pickup.minecraft.netherbrick', 'minecraft:picked_up', 'minecraft:nether_brick'],
    ['stat.pickup.minecraft.nether_brick', 'minecraft:picked_up', 'minecraft:nether_bricks'],
    ['stat.drop.minecraft.stick', 'minecraft:dropped', 'minecraft:stick'],
    ['stat.killEntity.Zombie', 'minecraft:killed', 'minecraft:zombie'],
    ['stat.killEntity.PigZombie', 'minecraft:killed', 'minecraft:zombified_piglin'],
    ['stat.killEntity.LavaSlime', 'minecraft:killed', 'minecraft:magma_cube'],
    ['stat.entityKilledBy.Creeper', 'minecraft:killed_by', 'minecraft:creeper'],
    ['stat.junkFished', null],
    ['stat.mineBlock.minecraft.wool', null],
    ['stat.mineBlock.minecraft.log', null],
    ['stat.pickup.minecraft.dye', null],
    ['stat.mineBlock.forestry.logs.0', null],
    ['stat.ae2.TurnedCranks', null],
    ['stat.killEntity.quark:foxhound', null],
    ['stat.killEntity.EntityHorse', null],
    ['stat.killEntity.constructor', null],
    ['stat.mineBlock.minecraft.constructor', 'minecraft:mined', 'minecraft:constructor'],
    ['achievement.openInventory', null],
    ['toString', null],
  ];
  for (const [key, type, id] of legacy) {
    it(`maps pre-1.13 ${key} → ${type === null ? 'nothing' : `${type} ${id}`}`, () => {
      const parsed = parseStatsFile(JSON.stringify({ [key]: 5, 'stat.leaveGame': 1 }));
      assert.equal(parsed.legacy, true);
      assert.equal(parsed.dataVersion, null);
      const expected: Record<string, Record<string, number>> = { 'minecraft:custom': { 'minecraft:leave_game': 1 } };
      if (type !== null) (expected[type] ??= {})[id as string] = 5;
      assert.deepEqual(parsed.stats, expected);
    });
  }

  it('ignores pre-1.13 values that are not numbers (achievement progress objects)', () => {
    const text = JSON.stringify({
      'achievement.exploreAllBiomes': { value: 0, progress: ['Beach', 'ForestHills'] },
      'stat.jump': '12',
      'stat.deaths': 3,
    });
    assert.deepEqual(parseStatsFile(text).stats, { 'minecraft:custom': { 'minecraft:deaths': 3 } });
  });

  const bad: Array<[string, RegExp]> = [
    ['{"stats":{"minecraft:custom":{"minecraft:jump":4', /^invalid JSON/],
    ['', /^invalid JSON/],
    ['[]', /not a JSON object/],
    ['null', /not a JSON object/],
    ['{"stats":[]}', /"stats" is not an object/],
    ['{"hello":1}', /neither/],
  ];
  for (const [text, reason] of bad) {
    it(`rejects ${JSON.stringify(text)} with a reason`, () => assert.throws(() => parseStatsFile(text), { message: reason }));
  }
});

describe('parseStatsFile: compact counters', () => {
  it('keeps every finite counter, also keys named like Object.prototype members, as own data', () => {
    const { stats } = parseStatsFile('{"stats":{"__proto__":{"__proto__":3,"constructor":4},"minecraft:custom":{"minecraft:jump":5,"x":"no"}}}');
    assert.deepEqual(Object.keys(stats), ['__proto__', 'minecraft:custom']);
    assert.equal(Object.getPrototypeOf(stats), Object.prototype);
    const odd = Object.getOwnPropertyDescriptor(stats, '__proto__')?.value as Record<string, number>;
    assert.deepEqual(Object.entries(odd), [['__proto__', 3], ['constructor', 4]]);
    assert.deepEqual(stats['minecraft:custom'], { 'minecraft:jump': 5 });
  });

  it('refuses a file of over 50,000 counters, modern or pre-1.13, naming the count', () => {
    const many = (n: number, key: (i: number) => string) => Array.from({ length: n }, (_, i) => `"${key(i)}":1`).join(',');
    const modern = `{"stats":{"minecraft:custom":{"minecraft:jump":1},"minecraft:mined":{${many(50_000, (i) => `minecraft:b${i}`)}}},"DataVersion":4671}`;
    assert.throws(() => parseStatsFile(modern), { message: '50,001 statistics, over the limit of 50,000 a file' });
    assert.throws(() => parseStatsFile(`{${many(50_001, (i) => `stat.x${i}`)}}`), /50,001 statistics/);
    const atLimit = `{"stats":{"minecraft:mined":{${many(50_000, (i) => `minecraft:b${i}`)}}},"DataVersion":4671}`;
    assert.equal(Object.keys(parseStatsFile(atLimit).stats['minecraft:mined']!).length, 50_000);
  });
});
