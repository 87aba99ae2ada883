import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { playerActivity } from '../activity/player-activity.js';
import { createParseCache } from '../save/parse-cache.js';
import { readSave } from '../save/read-save.js';
import { addPull } from './add-pull.js';
import { emptyRecord } from './empty-record.js';
import { pullCounters } from './pull-counters.js';

const A = '8667ba71-b85a-4004-af54-457a9734eed7';
const B = 'ec561538-f3fd-461d-aff5-086b22154bce';
const Q = 15 * 60_000;
const T0 = Date.parse('2026-11-02T10:00:00Z');
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const statsFile = (playTicks: number, deaths: number): string =>
  JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:play_time': playTicks, 'minecraft:deaths': deaths } }, DataVersion: 3953 });

describe('pullCounters(players, statIds)', () => {
  test('records only good readings of a stats file: a missing, unreadable or replaced one leaves the player out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'blockstats-counters-'));
    dirs.push(root);
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    mkdirSync(join(root, 'world', 'advancements'), { recursive: true });
    const statsPath = join(root, 'world', 'stats', `${A}.json`);
    const write = (ticks: number, deaths: number) => writeFileSync(statsPath, statsFile(ticks, deaths));
    writeFileSync(join(root, 'world', 'stats', `${B}.json`), statsFile(0, 0));
    writeFileSync(join(root, 'world', 'advancements', `${A}.json`), JSON.stringify({ DataVersion: 3953 }));

    const record = emptyRecord();
    const pull = async (i: number) => addPull(record, { at: T0 + i * Q, online: null, counters: pullCounters((await readSave(root)).players) });
    write(72_000, 17);
    await pull(0);
    // The stats file vanishes for a pull (the player still has an advancements file)…
    rmSync(statsPath);
    assert.deepEqual(await pull(1), []);
    // …is replaced by a folder for another…
    mkdirSync(statsPath);
    assert.deepEqual(await pull(2), []);
    rmSync(statsPath, { recursive: true });
    // …is unreadable (cut short) for a third…
    writeFileSync(statsPath, '{"stats":{');
    assert.deepEqual(await pull(3), []);
    // …and comes back unchanged: the player never logged in.
    write(72_000, 17);
    assert.deepEqual(await pull(4), []);
    const activity = playerActivity(record, A, { now: T0 + 4 * Q });
    assert.deepEqual({ sessions: activity.all_time.sessions, deaths: activity.all_time.deaths, minutes: activity.all_time.minutes }, { sessions: 0, deaths: 0, minutes: 0 });
    assert.deepEqual(record.players[A]!.deaths, { pulls: [0], values: [17] });
  });

  test('gives an unchanged player the same frozen counters object at every pull, and a new one once their file changed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'blockstats-counters-'));
    dirs.push(root);
    mkdirSync(join(root, 'world', 'stats'), { recursive: true });
    writeFileSync(join(root, 'world', 'stats', `${A}.json`), statsFile(72_000, 1));
    writeFileSync(join(root, 'world', 'stats', `${B}.json`), statsFile(100, 0));
    const cache = createParseCache();
    const first = pullCounters((await readSave(root, { cache })).players);
    writeFileSync(join(root, 'world', 'stats', `${B}.json`), statsFile(2_000, 0));
    const second = pullCounters((await readSave(root, { cache })).players);
    assert.equal(second[A], first[A]);
    assert.ok(Object.isFrozen(second[A]));
    assert.notEqual(second[B], first[B]);
    assert.deepEqual(second[B], { play_time: 2_000, deaths: 0 });
  });
});
