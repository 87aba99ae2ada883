import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { packedPartsOf } from './packed.js';
import { decodePlayerSave, encodePlayerSave } from './player-save-codec.js';
import { readSave } from './read-save.js';
import { restorePlayerParts } from './restore-player-parts.js';

const A = '8667ba71-b85a-4004-af54-457a9734eed7';
let root: string;
after(() => rm(root, { recursive: true, force: true }));

async function save(stats: Record<string, number> | null, advancements: boolean) {
  root ??= await mkdtemp(join(tmpdir(), 'blockstats-codec-'));
  const dir = join(root, String(Math.random()).slice(2));
  await mkdir(join(dir, 'world', 'stats'), { recursive: true });
  await mkdir(join(dir, 'world', 'advancements'), { recursive: true });
  // As text: in an object literal `'__proto__': …` would set the prototype instead of a key.
  if (stats) await writeFile(join(dir, 'world', 'stats', `${A}.json`), `{"stats":{"minecraft:custom":${JSON.stringify(stats)},"__proto__":{"toString":1}},"DataVersion":3953}`);
  if (advancements) {
    await writeFile(join(dir, 'world', 'advancements', `${A}.json`), JSON.stringify({
      'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:11 +0000' }, done: true },
      'minecraft:recipes/misc/stick': { criteria: { has_planks: '2024-05-03 10:00:00 +0200' }, done: true },
      DataVersion: 3953,
    }));
  }
  return (await readSave(dir)).players[0]!;
}

describe('encodePlayerSave(player) / decodePlayerSave(value)', () => {
  test('round-trips through JSON, keys such as __proto__ included, without unpacking the player', async () => {
    const player = await save({ 'minecraft:jump': 5 }, true);
    const encoded = JSON.parse(JSON.stringify(encodePlayerSave(player)));
    const decoded = decodePlayerSave(encoded);
    assert.deepEqual(JSON.parse(JSON.stringify(decoded)), JSON.parse(JSON.stringify(player)));
    assert.equal(decoded.stats.__proto__?.toString, 1);
    assert.ok(packedPartsOf(decoded)?.stats, 'decoded counters are packed again');
  });

  test('reads a packed player\'s counters and entries without calling its unpacking getters', async () => {
    const player = await save({ 'minecraft:jump': 5 }, true);
    const read: string[] = [];
    // A getter called once keeps its unpacked objects on the player for as long as it lives.
    const watched = new Proxy(player, {
      get(target, key, receiver) {
        if (key === 'stats' || key === 'advancements') read.push(key);
        return Reflect.get(target, key, receiver);
      },
    });
    const encoded = encodePlayerSave(watched);
    assert.deepEqual(read, []);
    assert.deepEqual(encoded.stats, JSON.parse(JSON.stringify(player.stats)));
  });

  const damaged: Array<[string, unknown]> = [
    ['not an object', 'x'],
    ['another format', { format: 2 }],
    ['counters that are not numbers', { format: 1, stats: { a: { b: 'many' } } }],
  ];
  for (const [name, value] of damaged) {
    test(`throws for ${name}`, async () => {
      const player = await save({ 'minecraft:jump': 5 }, false);
      const base = JSON.parse(JSON.stringify(encodePlayerSave(player)));
      assert.throws(() => decodePlayerSave(typeof value === 'object' && value !== null ? { ...base, ...value } : value));
    });
  }
});

describe('restorePlayerParts(now, good, parts)', () => {
  test('puts back the parts named, keeps the rest as read now', async () => {
    const good = await save({ 'minecraft:jump': 5 }, true);
    const now = await save(null, true); // the stats file is missing at this read
    const restored = restorePlayerParts(now, good, ['stats']);
    assert.equal(restored.stats['minecraft:custom']?.['minecraft:jump'], 5);
    assert.equal(restored.statsDataVersion, 3953);
    assert.equal(restored.files.stats, good.files.stats);
    assert.equal(restored.advancements.length, 1);
    assert.equal(restored.recipes.count, 1);
    const onlyStats = await save({ 'minecraft:jump': 6 }, false); // the advancements file is missing
    const both = restorePlayerParts(onlyStats, good, ['advancements']);
    assert.equal(both.stats['minecraft:custom']?.['minecraft:jump'], 6);
    assert.equal(both.advancements.length, 1);
    assert.equal(both.recipes.count, 1);
  });
});
