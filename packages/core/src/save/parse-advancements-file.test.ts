import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRecipeId } from './is-recipe-id.js';
import { parseAdvancementsFile } from './parse-advancements-file.js';

describe('parseAdvancementsFile(text)', () => {
  const file = {
    'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:22 +0200' }, done: true },
    'minecraft:adventure/adventuring_time': {
      criteria: { 'minecraft:plains': '2024-05-01 10:00:00 -0500', 'minecraft:forest': '2024-05-02 10:00:00 -0500' },
      done: false,
    },
    'minecraft:husbandry/balanced_diet': {
      criteria: { apple: '2024-05-03 08:00:00 +0000', bread: '2024-05-03 09:00:00 +0000' },
    },
    'minecraft:recipes/misc/charcoal': { criteria: { has_log: '2024-05-01 09:00:00 +0200' }, done: true },
    'minecraft:recipes/tools/stone_pickaxe': { criteria: { has_cobblestone: '2024-04-30 23:00:00 -0200' }, done: true },
    'buildcraftfactory:recipes/pump': { criteria: { has_pipe: '2024-05-05 00:00:00 +0000' } },
    'incendium:technical/tick': { criteria: { tick: '2024-05-01 00:00:00 +0000' }, done: true },
    DataVersion: 3953,
  };

  it('keeps non-recipe entries in file order with times in epoch ms', () => {
    const parsed = parseAdvancementsFile(JSON.stringify(file));
    assert.deepEqual(parsed.advancements, [
      {
        id: 'minecraft:story/root',
        done: true,
        criteria: { crafting_table: Date.UTC(2024, 4, 1, 16, 3, 22) },
        doneAt: Date.UTC(2024, 4, 1, 16, 3, 22),
      },
      {
        id: 'minecraft:adventure/adventuring_time',
        done: false,
        criteria: { 'minecraft:plains': Date.UTC(2024, 4, 1, 15), 'minecraft:forest': Date.UTC(2024, 4, 2, 15) },
        doneAt: null,
      },
      {
        id: 'minecraft:husbandry/balanced_diet',
        done: true, // missing `done` defaults to true, as in the game
        criteria: { apple: Date.UTC(2024, 4, 3, 8), bread: Date.UTC(2024, 4, 3, 9) },
        doneAt: Date.UTC(2024, 4, 3, 9), // the latest criterion
      },
      {
        id: 'incendium:technical/tick',
        done: true,
        criteria: { tick: Date.UTC(2024, 4, 1) },
        doneAt: Date.UTC(2024, 4, 1),
      },
    ]);
    assert.equal(parsed.dataVersion, 3953);
    assert.equal(parsed.skipped, 0);
  });

  it('summarises recipe unlocks of every namespace into a count and the earliest time', () => {
    const parsed = parseAdvancementsFile(JSON.stringify(file, null, 2));
    // 23:00 -0200 on Apr 30 = 01:00 UTC May 1, before 09:00 +0200 = 07:00 UTC.
    assert.deepEqual(parsed.recipes, { count: 3, earliest: Date.UTC(2024, 4, 1, 1) });
  });

  it('counts what it could not read instead of failing', () => {
    const parsed = parseAdvancementsFile(
      JSON.stringify({
        'minecraft:story/root': { criteria: { crafting_table: 'yesterday', other: '2024-05-01 00:00:00 +0000' } },
        'minecraft:story/mine_stone': 'done',
        'minecraft:story/smelt_iron': { done: true },
        DataVersion: 'x',
      }),
    );
    assert.equal(parsed.skipped, 2);
    assert.equal(parsed.dataVersion, null);
    assert.deepEqual(parsed.advancements, [
      { id: 'minecraft:story/root', done: true, criteria: { other: Date.UTC(2024, 4, 1) }, doneAt: Date.UTC(2024, 4, 1) },
      { id: 'minecraft:story/smelt_iron', done: true, criteria: {}, doneAt: null },
    ]);
  });

  const bad: Array<[string, RegExp]> = [
    ['{"minecraft:story/root":', /^invalid JSON/],
    ['[]', /not a JSON object/],
  ];
  for (const [text, reason] of bad) {
    it(`rejects ${JSON.stringify(text)}`, () => assert.throws(() => parseAdvancementsFile(text), { message: reason }));
  }
});

describe('isRecipeId(id)', () => {
  const cases: Array<[string, boolean]> = [
    ['minecraft:recipes/misc/charcoal', true],
    ['millenaire:recipes/x', true],
    ['recipes/misc/charcoal', true],
    ['minecraft:story/root', false],
    ['minecraft:adventure/recipes/x', false],
    ['minecraft:recipes_extra/x', false],
  ];
  for (const [id, expected] of cases) it(`${id} → ${expected}`, () => assert.equal(isRecipeId(id), expected));
});
