import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readRecipeUnlocks } from './read-recipe-unlocks.js';
import { readSave } from './read-save.js';
import { SaveError } from './save-error.js';

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
const dirs: string[] = [];
after(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function save(advancements: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'blockstats-recipes-'));
  dirs.push(dir);
  await mkdir(join(dir, 'world', 'advancements'), { recursive: true });
  await mkdir(join(dir, 'world', 'stats'), { recursive: true });
  await writeFile(join(dir, 'world', 'advancements', `${STEVE}.json`), advancements);
  await writeFile(join(dir, 'world', 'stats', `${ALEX}.json`), '{"stats":{}}');
  return dir;
}

describe('readRecipeUnlocks(save, uuid)', () => {
  it('lists recipe unlocks, newest first, each at its first criterion', async () => {
    const root = await save(
      JSON.stringify({
        'minecraft:recipes/misc/charcoal': { criteria: { has_log: '2024-05-01 10:00:00 +0200', has_the_recipe: '2024-05-02 10:00:00 +0200' }, done: true },
        'minecraft:recipes/tools/stone_pickaxe': { criteria: { has_cobblestone: '2024-05-01 23:00:00 -0700' } },
        'minecraft:recipes/misc/stick': { criteria: { has_planks: '2024-05-01 08:00:00 +0000' }, done: true },
        'minecraft:recipes/misc/bowl': { criteria: { has_planks: '2024-05-01 08:00:00 +0000' }, done: true },
        'minecraft:recipes/misc/locked': { criteria: {}, done: false },
        'mod:recipes/gizmo': { criteria: { x: '2024-04-01 00:00:00 +0000' } },
        'minecraft:story/root': { criteria: { crafting_table: '2024-05-03 00:00:00 +0000' }, done: true },
        DataVersion: 3953,
      }),
    );
    const data = await readSave(root);
    assert.deepEqual(data.players.find((p) => p.uuid === STEVE)?.recipes, { count: 5, earliest: Date.UTC(2024, 3, 1) });
    assert.deepEqual(await readRecipeUnlocks(data, STEVE.replaceAll('-', '').toUpperCase()), [
      { id: 'minecraft:recipes/tools/stone_pickaxe', at: Date.UTC(2024, 4, 2, 6) },
      { id: 'minecraft:recipes/misc/bowl', at: Date.UTC(2024, 4, 1, 8) },
      { id: 'minecraft:recipes/misc/charcoal', at: Date.UTC(2024, 4, 1, 8) },
      { id: 'minecraft:recipes/misc/stick', at: Date.UTC(2024, 4, 1, 8) },
      { id: 'mod:recipes/gizmo', at: Date.UTC(2024, 3, 1) },
    ]);
    assert.deepEqual(await readRecipeUnlocks(data, ALEX), []); // no advancement file
  });

  it('throws SaveError for an unknown player or a file gone bad', async () => {
    const root = await save('{}');
    const data = await readSave(root);
    await assert.rejects(readRecipeUnlocks(data, '12345678-1234-1234-1234-123456789abc'), (e: unknown) => e instanceof SaveError && e.code === 'UNKNOWN_PLAYER');
    await assert.rejects(readRecipeUnlocks(data, 'Steve'), (e: unknown) => e instanceof SaveError && e.code === 'UNKNOWN_PLAYER');
    await writeFile(join(root, 'world', 'advancements', `${STEVE}.json`), '{"minecraft:recipes/');
    await assert.rejects(readRecipeUnlocks(data, STEVE), (e: unknown) => e instanceof SaveError && e.code === 'UNREADABLE');
    await rm(join(root, 'world', 'advancements', `${STEVE}.json`));
    assert.deepEqual(await readRecipeUnlocks(data, STEVE), []);
  });
});
