import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { advancementCatalogue } from './advancement-catalogue.js';
import { advancementSource, vanillaAdvancementsFor } from './advancement-source.js';

describe('advancementSource(id)', () => {
  const cases: ReadonlyArray<readonly [id: string, source: 'vanilla' | 'datapack' | 'recipe']> = [
    ['minecraft:story/mine_stone', 'vanilla'],
    ['story/mine_stone', 'vanilla'],
    ['minecraft:husbandry/root', 'vanilla'],
    ['minecraft:nether/use_lodestone', 'vanilla'],
    ['minecraft:adventure/use_lodestone', 'vanilla'],
    ['minecraft:recipes/misc/charcoal', 'recipe'],
    ['minecraft:recipes/root', 'recipe'],
    ['recipes/decorations/torch', 'recipe'],
    ['blazeandcave:bacap/root', 'datapack'],
    ['minecraft:story/not_a_thing', 'datapack'],
    ['minecraft:husbandry/uh_oh', 'datapack'], // 26.2 only: outside the catalogued versions
  ];
  for (const [id, source] of cases) {
    test(`${id} → ${source}`, () => assert.equal(advancementSource(id), source));
  }
});

describe('vanillaAdvancementsFor(dataVersions, heldIds)', () => {
  const ids = (list: { id: string }[]) => list.map((a) => a.id);
  const has = (list: { id: string }[], id: string) => ids(list).includes(id);

  test('a 1.21.4 world has nether/use_lodestone, a 1.21.11 world adventure/use_lodestone', () => {
    const old = vanillaAdvancementsFor([4189]);
    assert.ok(has(old, 'minecraft:nether/use_lodestone'));
    assert.ok(!has(old, 'minecraft:adventure/use_lodestone'));
    const current = vanillaAdvancementsFor([4671]);
    assert.ok(!has(current, 'minecraft:nether/use_lodestone'));
    assert.ok(has(current, 'minecraft:adventure/use_lodestone'));
  });

  test('an upgraded world counts both lodestone ids (DECISIONS 5)', () => {
    const upgraded = vanillaAdvancementsFor([3955, 4189, 4671]);
    assert.equal(upgraded.length, 126);
    assert.ok(has(upgraded, 'minecraft:nether/use_lodestone') && has(upgraded, 'minecraft:adventure/use_lodestone'));
  });

  test('an id some player holds counts even outside the save\'s versions', () => {
    const list = vanillaAdvancementsFor([4671], ['nether/use_lodestone', 'minecraft:recipes/misc/charcoal', 'x:y']);
    assert.equal(list.length, 126);
    assert.ok(has(list, 'minecraft:nether/use_lodestone'));
  });

  test('without DataVersions: the newest set plus held ids', () => {
    assert.equal(vanillaAdvancementsFor([]).length, 125);
    assert.ok(vanillaAdvancementsFor([]).every((a) => a.removedInDataVersion === null));
    assert.equal(vanillaAdvancementsFor([], new Set(['minecraft:nether/use_lodestone'])).length, 126);
  });

  test('versions older than 1.20 get the base set, newer than 1.21.11 the newest set', () => {
    assert.equal(vanillaAdvancementsFor([3337]).length, 110); // 1.19.4
    assert.equal(vanillaAdvancementsFor([4786]).length, 125); // 26.1
  });

  test('a 1.20.5 world has the armadillo and wolf armour advancements but no trial chambers', () => {
    const list = vanillaAdvancementsFor([3839]);
    assert.equal(list.length, 114);
    assert.ok(has(list, 'minecraft:husbandry/whole_pack'));
    assert.ok(!has(list, 'minecraft:adventure/minecraft_trials_edition'));
  });

  test('non-finite DataVersions are ignored; the result keeps catalogue order', () => {
    assert.equal(vanillaAdvancementsFor([Number.NaN, 3463]).length, 110);
    const list = ids(vanillaAdvancementsFor([4671]));
    const order = ids(advancementCatalogue.filter((a) => list.includes(a.id)));
    assert.deepEqual(list, order);
  });
});
