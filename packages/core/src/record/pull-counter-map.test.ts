import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { readSave } from '../save/read-save.js';
import { pullCounterMap } from './pull-counter-map.js';
import { pullCounters } from './pull-counters.js';

const A = '8667ba71-b85a-4004-af54-457a9734eed7';
const B = 'ec561538-f3fd-461d-aff5-086b22154bce';
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const statsFile = (playTicks: number, deaths: number): string =>
  JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:play_time': playTicks, 'minecraft:deaths': deaths } }, DataVersion: 3953 });

describe('pullCounterMap(players, statIds)', () => {
  test('gives pullCounters\' counters objects as a map, in the players\' order, leaving out an unreadable stats file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'blockstats-counters-'));
    dirs.push(root);
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    writeFileSync(join(root, 'world', 'stats', `${A}.json`), statsFile(72_000, 1));
    writeFileSync(join(root, 'world', 'stats', `${B}.json`), statsFile(100, 0));
    // A player whose stats file is cut short (their advancements file makes them a player).
    const C = '00000000-0000-0000-0009-01f64f4b2e4a';
    mkdirSync(join(root, 'world', 'advancements'), { recursive: true });
    writeFileSync(join(root, 'world', 'stats', `${C}.json`), '{"stats":');
    writeFileSync(join(root, 'world', 'advancements', `${C}.json`), JSON.stringify({ DataVersion: 3953 }));
    const { players } = await readSave(root);
    assert.ok(players.some((p) => p.uuid === C));
    const map = pullCounterMap(players, ['jump']);
    assert.deepEqual([...map.keys()], players.filter((p) => p.uuid !== C).map((p) => p.uuid));
    assert.deepEqual(Object.entries(pullCounters(players, ['jump'])), [...map]);
    assert.equal(map.get(A), pullCounters(players, ['jump'])[A]);
    assert.deepEqual(map.get(B), { play_time: 100, deaths: 0, jump: 0 });
    assert.throws(() => pullCounterMap(players, ['no_such_stat']), /unknown stat id 'no_such_stat'/);
  });
});
