import assert from 'node:assert/strict';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { PlayerSave } from '../save/types.js';
import { historyDir, historyFileName, TODAY_FILE } from './history-files.js';
import { LATEST_FILE } from './latest-checkpoint.js';
import { openStatHistory, type StatHistoryLog } from './open-stat-history.js';
import { recordStatHistory } from './record-stat-history.js';

const STATS = ['jump', 'play_time'];
const day = 20_786; // 2026-11-29: the month ends two days later
const at = (d: number, hour: number) => d * 86_400_000 + hour * 3_600_000;
const work = mkdtempSync(join(tmpdir(), 'blockstats-history-checkpoint-'));
after(() => rmSync(work, { recursive: true, force: true }));

function player(i: number, jump: number): PlayerSave {
  const stats = Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:jump': jump, 'minecraft:play_time': 1000 * jump }) });
  return { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, statsDataVersion: 3953, legacyStats: false, stats, files: { stats: `s/${i}.json`, advancements: null, playerdata: null } } as unknown as PlayerSave;
}

/** Day `d`'s pulls: player i jumps i times an hour from `d`'s start, player 3 only from `day + 1`. */
function pullsOf(log: StatHistoryLog, d: number): void {
  for (const hour of [2, 9]) {
    const base = (d - day) * 100 + hour;
    recordStatHistory(log, at(d, hour), [player(1, base), player(2, 2 * base), ...(d > day ? [player(3, 3 * base)] : [])], { sync: false });
  }
}

function answers(log: StatHistoryLog) {
  const h = log.history;
  return { days: h.days(), first: h.firstDay, jump: h.uuids.map((uuid, p) => [uuid, h.gainsOver(0, h.firstDay!, h.lastDay!)[p]]), resets: h.resets.count };
}

const files = (dir: string) => [historyFileName(day), historyFileName(day + 2), TODAY_FILE].map((name) => readFileSync(join(historyDir(dir), name)));

describe('blockstats record appends from the checkpoint, without reading the year', () => {
  test('opened to append, it reads latest.bin, not the closed days, and writes the same files', async () => {
    const full = join(work, 'full');
    const writer = await openStatHistory(full, { stats: STATS });
    for (let d = day; d < day + 2; d++) pullsOf(writer, d);
    assert.ok(existsSync(join(historyDir(full), LATEST_FILE)), 'written when the first day closed');
    const cron = join(work, 'cron');
    cpSync(full, cron, { recursive: true });

    const appender = await openStatHistory(cron, { stats: STATS, append: true });
    assert.deepEqual(appender.warnings, []);
    assert.deepEqual(appender.history.days(), [day + 1], 'the closed day is not read: only the day in progress');
    assert.equal(appender.history.firstDay, day);
    const reader = await openStatHistory(full, { stats: STATS });
    assert.deepEqual(reader.history.days(), [day, day + 1]);
    // Both go on, across the end of the month: the same bytes on disk, the same answers.
    for (let d = day + 2; d < day + 4; d++) {
      pullsOf(reader, d);
      pullsOf(appender, d);
    }
    assert.deepEqual(files(cron), files(full));
    assert.deepEqual(answers(await openStatHistory(cron, { stats: STATS })), answers(await openStatHistory(full, { stats: STATS })));
    const again = await openStatHistory(cron, { stats: STATS, append: true });
    assert.deepEqual(again.history.days(), [day + 3], 'the checkpoint written at the last close is used');
  });

  test('a checkpoint older than the monthly file (appended to since, or torn) is not used: every file is read', async () => {
    const dir = join(work, 'stale');
    const writer = await openStatHistory(dir, { stats: STATS });
    for (let d = day; d < day + 2; d++) pullsOf(writer, d);
    appendFileSync(join(historyDir(dir), historyFileName(day)), Buffer.from([7, 0, 0]));
    const log = await openStatHistory(dir, { stats: STATS, append: true });
    assert.deepEqual(log.history.days(), [day, day + 1]);
    assert.match(log.warnings.map((w) => w.reason).join('\n'), /torn last frame/);
    pullsOf(log, day + 2);
    assert.deepEqual((await openStatHistory(dir, { stats: STATS, append: true })).history.days(), [day + 2], 'written anew at the next close');
  });

  test('a checkpoint of other columns is not used', async () => {
    const dir = join(work, 'columns');
    const writer = await openStatHistory(dir, { stats: STATS });
    for (let d = day; d < day + 2; d++) pullsOf(writer, d);
    const log = await openStatHistory(dir, { stats: ['jump'], append: true });
    assert.deepEqual(log.history.days(), [day, day + 1]);
  });

  test('a full read keeps a current checkpoint and writes a missing one at the next pull', async () => {
    const dir = join(work, 'restart');
    const writer = await openStatHistory(dir, { stats: STATS });
    for (let d = day; d < day + 2; d++) pullsOf(writer, d);
    const latest = join(historyDir(dir), LATEST_FILE);
    const written = statSync(latest).ino;
    const restarted = await openStatHistory(dir, { stats: STATS });
    recordStatHistory(restarted, at(day + 1, 20), [player(1, 999)], { sync: false });
    assert.equal(statSync(latest).ino, written, 'current: not written again (a write renames a new file over it)');
    rmSync(latest);
    const again = await openStatHistory(dir, { stats: STATS });
    recordStatHistory(again, at(day + 1, 21), [player(1, 1000)], { sync: false });
    assert.deepEqual((await openStatHistory(dir, { stats: STATS, append: true })).history.days(), [day + 1]);
  });
});
