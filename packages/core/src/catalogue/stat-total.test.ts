import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { StatCounters } from '../save/types.js';
import { findStat } from './stat-catalogue.js';
import { statTotal } from './stat-total.js';
import type { StatDefinition } from './types.js';

const stat = (id: string): StatDefinition => {
  const found = findStat(id);
  assert.ok(found, id);
  return found;
};

describe('statTotal(def, counters)', () => {
  const cases: ReadonlyArray<{ name: string; id: string; counters: StatCounters; expected: number }> = [
    {
      name: 'one custom counter',
      id: 'jump',
      counters: { 'minecraft:custom': { 'minecraft:jump': 42, 'minecraft:deaths': 3 } },
      expected: 42,
    },
    {
      name: 'play_time adds the pre-1.17 play_one_minute',
      id: 'play_time',
      counters: { 'minecraft:custom': { 'minecraft:play_time': 1000, 'minecraft:play_one_minute': 72000 } },
      expected: 73000,
    },
    {
      name: 'ores merge the deepslate variant',
      id: 'mined_diamond_ore',
      counters: { 'minecraft:mined': { 'minecraft:diamond_ore': 3, 'minecraft:deepslate_diamond_ore': 9, 'minecraft:stone': 500 } },
      expected: 12,
    },
    {
      name: 'allKeys sums the whole type',
      id: 'mined_total',
      counters: { 'minecraft:mined': { 'minecraft:stone': 500, 'minecraft:dirt': 20 }, 'minecraft:used': { 'minecraft:stone': 7 } },
      expected: 520,
    },
    { name: 'missing type is 0', id: 'killed_zombie', counters: {}, expected: 0 },
    { name: 'missing key is 0', id: 'killed_zombie', counters: { 'minecraft:killed': { 'minecraft:skeleton': 4 } }, expected: 0 },
    {
      name: 'non-finite and non-number values are ignored',
      id: 'mined_total',
      counters: {
        'minecraft:mined': {
          'minecraft:stone': 5,
          'minecraft:dirt': Number.NaN,
          'minecraft:sand': Number.POSITIVE_INFINITY,
          'minecraft:gravel': '7' as unknown as number,
        },
      },
      expected: 5,
    },
    {
      name: 'inherited object keys are never read',
      id: 'killed_total',
      counters: { 'minecraft:killed': Object.create({ 'minecraft:zombie': 99 }) as Record<string, number> },
      expected: 0,
    },
    {
      name: 'a type that is not an object is ignored',
      id: 'jump',
      counters: { 'minecraft:custom': null as unknown as Record<string, number> },
      expected: 0,
    },
  ];
  for (const c of cases) {
    test(c.name, () => assert.equal(statTotal(stat(c.id), c.counters), c.expected));
  }

  test('a key covered twice (keys and allKeys of the same type) is counted once', () => {
    const def: StatDefinition = {
      id: 'x',
      title: 'X',
      description: null,
      unit: 'int',
      category: 'test',
      sources: [
        { type: 'minecraft:mined', keys: ['minecraft:stone', 'minecraft:stone'] },
        { type: 'minecraft:mined', allKeys: true },
        { type: 'minecraft:used', keys: ['minecraft:stone'] },
      ],
    };
    const counters = { 'minecraft:mined': { 'minecraft:stone': 10, 'minecraft:dirt': 1 }, 'minecraft:used': { 'minecraft:stone': 100 } };
    assert.equal(statTotal(def, counters), 111);
  });
});
