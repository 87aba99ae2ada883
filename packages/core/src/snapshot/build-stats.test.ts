import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatDefinition } from '../catalogue/types.js';
import type { PlayerSave } from '../save/types.js';
import { buildStats } from './build-stats.js';

const def = (id: string, key: string): StatDefinition => ({
  id,
  title: id,
  description: null,
  unit: 'int',
  category: 'general',
  sources: [{ type: 'minecraft:custom', keys: [`minecraft:${key}`] }],
});

/** A player whose counters are frozen, as the reader's parse cache hands them out. */
function player(uuid: string, jump: number, swim: number): PlayerSave {
  const stats = Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:jump': jump, 'minecraft:swim_one_cm': swim }) });
  return { uuid, name: uuid, stats } as unknown as PlayerSave;
}

describe('buildStats: values reused across builds for unchanged (frozen) counters', () => {
  it('gives the same values on a rebuild, and new ones when a player or the stat list changes', () => {
    const a = player('a', 5, 100);
    const b = player('b', 7, 50);
    const list = [def('jump', 'jump')];
    const first = buildStats(list, [a, b], [true, true], [0, 1]);
    assert.deepEqual(first[0]!.values, [5, 7]);
    assert.deepEqual(buildStats(list, [a, b], [true, true], [0, 1]), first);

    const b2 = player('b', 9, 50); // b's stats file changed: a new counters object
    assert.deepEqual(buildStats(list, [a, b2], [true, true], [0, 1])[0]!.values, [5, 9]);

    // The same list object edited in place: rows of its old sources must not be reused.
    (list[0]!.sources[0]!.keys as string[])[0] = 'minecraft:swim_one_cm';
    assert.deepEqual(buildStats(list, [a, b2], [true, true], [0, 1])[0]!.values, [100, 50]);
  });
});
