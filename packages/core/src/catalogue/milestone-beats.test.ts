import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findAdvancement } from './advancement-catalogue.js';
import { milestoneBeats } from './milestone-beats.js';

describe('milestoneBeats', () => {
  test('22 distinct beats, from Stone Age to Adventuring Time (DECISIONS 17)', () => {
    assert.equal(milestoneBeats.length, 22);
    assert.equal(new Set(milestoneBeats).size, 22);
    assert.equal(milestoneBeats[0], 'minecraft:story/mine_stone');
    assert.equal(milestoneBeats[21], 'minecraft:adventure/adventuring_time');
  });

  test('every beat is a current vanilla advancement of the catalogue', () => {
    for (const id of milestoneBeats) {
      const a = findAdvancement(id);
      assert.ok(a, id);
      assert.equal(a.id, id, 'namespaced');
      assert.equal(a.removedInDataVersion, null, id);
    }
  });

  test('cannot be changed at run time', () => {
    assert.throws(() => (milestoneBeats as string[]).push('minecraft:story/root'), TypeError);
  });
});
