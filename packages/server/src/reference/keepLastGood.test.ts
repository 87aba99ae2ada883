import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readSave } from '@blockstats/core/node';
import { keepLastGood, lostTooMany, playersToRestore, suspiciousSave } from './keepLastGood.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A world of `n` players with a stats and an advancements file each. */
function world(n: number): string {
  const root = mkdtempSync(join(tmpdir(), 'blockstats-keep-'));
  dirs.push(root);
  mkdirSync(join(root, 'world', 'stats'), { recursive: true });
  mkdirSync(join(root, 'world', 'advancements'), { recursive: true });
  for (let i = 0; i < n; i++) {
    writeFileSync(statsPath(root, i), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': 100 + i } }, DataVersion: 3953 }));
    writeFileSync(join(root, 'world', 'advancements', `${uuid(i)}.json`), JSON.stringify({ 'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:11 +0000' }, done: true }, DataVersion: 3953 }));
  }
  return root;
}
const statsPath = (root: string, i: number) => join(root, 'world', 'stats', `${uuid(i)}.json`);
const advancementsPath = (root: string, i: number) => join(root, 'world', 'advancements', `${uuid(i)}.json`);
const jump = (p: { stats: Record<string, Record<string, number>> }) => p.stats['minecraft:custom']?.['minecraft:jump'];

describe('keepLastGood(read, previous, known)', () => {
  test('a missing, replaced or unreadable file keeps the data it gave at the last good read', async () => {
    const root = world(4);
    const first = keepLastGood(await readSave(root), null);
    rmSync(statsPath(root, 0)); // missing
    rmSync(statsPath(root, 1));
    mkdirSync(statsPath(root, 1)); // replaced by a folder
    writeFileSync(statsPath(root, 2), '{"stats":'); // cut short
    const { save, kept, lost } = keepLastGood(await readSave(root), first.lastGood);
    assert.deepEqual(save.players.map(jump), [100, 101, 102, 103]);
    assert.deepEqual(kept.map((w) => [w.file, w.reason.split(';')[0]]), [
      [`world/stats/${uuid(0)}.json`, 'missing at this pull'],
      [`world/stats/${uuid(1)}.json`, 'missing at this pull'],
      [`world/stats/${uuid(2)}.json`, 'unreadable at this pull'],
    ]);
    assert.deepEqual(lost, [uuid(0), uuid(1), uuid(2)]);
  });

  test('a player none of whose files can be read is put back whole; one whose files are all gone is gone', async () => {
    const root = world(3);
    const first = keepLastGood(await readSave(root), null);
    writeFileSync(statsPath(root, 0), '{');
    writeFileSync(advancementsPath(root, 0), '[');
    rmSync(statsPath(root, 1));
    rmSync(advancementsPath(root, 1));
    const read = await readSave(root);
    assert.deepEqual(read.players.map((p) => p.uuid), [uuid(2)], 'the reader adds no player without a readable file');
    const { save, lost } = keepLastGood(read, first.lastGood);
    assert.deepEqual(save.players.map((p) => p.uuid), [uuid(0), uuid(2)]);
    assert.equal(jump(save.players[0]!), 100);
    assert.deepEqual(lost.sort(), [uuid(0), uuid(1)]);
  });

  test('a file still missing at the next pull is kept again, but is no new loss', async () => {
    const root = world(3);
    const first = keepLastGood(await readSave(root), null);
    rmSync(statsPath(root, 0));
    const second = keepLastGood(await readSave(root), first.lastGood, first.lastGood.keys(), first.keptParts);
    assert.deepEqual(second.lost, [uuid(0)]);
    const third = keepLastGood(await readSave(root), second.lastGood, second.lastGood.keys(), second.keptParts);
    assert.equal(third.kept.length, 1);
    assert.equal(jump(third.save.players[0]!), 100);
    assert.deepEqual(third.lost, []);
  });

  test('a player never read well keeps what was read, and no earlier data is made up', async () => {
    const root = world(1);
    writeFileSync(statsPath(root, 0), '{');
    const { save, kept } = keepLastGood(await readSave(root), null);
    assert.equal(kept.length, 0);
    assert.equal(jump(save.players[0]!), undefined);
  });

  test('playersToRestore names the players a read needs earlier data for', async () => {
    const root = world(3);
    writeFileSync(statsPath(root, 0), '{');
    writeFileSync(advancementsPath(root, 0), '[');
    rmSync(advancementsPath(root, 1));
    assert.deepEqual(playersToRestore(await readSave(root)).sort(), [uuid(0), uuid(1)]);
  });
});

describe('lostTooMany(lost, known, limits)', () => {
  const limits = { share: 0.2, min: 5 };
  const cases: Array<[number, number, boolean]> = [[4, 10, false], [5, 10, true], [5, 100, false], [20, 100, true], [3, 0, false]];
  for (const [lost, known, rejected] of cases) {
    test(`${lost} of ${known}: ${rejected ? 'rejected' : 'published'}`, () => {
      const why = lostTooMany(Array.from({ length: lost }, (_, i) => uuid(i)), known, limits);
      assert.equal(why !== null, rejected);
      if (why) assert.match(why, new RegExp(`^${lost} of the ${known} players of the last good pull lost files at once`));
    });
  }
});

describe('suspiciousSave(previous, next)', () => {
  test('names a folder of player files the last good read had and this one lacks, and a save with no players', async () => {
    const root = world(3);
    const good = await readSave(root);
    assert.equal(suspiciousSave(null, good), null, 'nothing to compare with');
    assert.equal(suspiciousSave(good, await readSave(root)), null, 'a whole save');
    rmSync(advancementsPath(root, 0));
    assert.equal(suspiciousSave(good, await readSave(root)), null, 'one player lost a file: not an interrupted copy');
    rmSync(join(root, 'world', 'advancements'), { recursive: true });
    assert.match(suspiciousSave(good, await readSave(root)) ?? '', /advancements\/ folder holds no player files \(the last good read had 3\)/);
    rmSync(join(root, 'world', 'stats'), { recursive: true });
    mkdirSync(join(root, 'world', 'stats')); // emptied, not gone: still a world
    assert.match(suspiciousSave(good, await readSave(root)) ?? '', /holds no players \(the last good read had 3\)/);
  });
});
