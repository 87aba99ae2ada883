import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { PlayerSave } from '../save/types.js';
import { encodeDay, encodeHeader } from './day-block.js';
import { historyDir, TODAY_FILE } from './history-files.js';
import { decodeFrames, encodeFrame } from './history-frame.js';
import { openStatHistory, type StatHistoryLog } from './open-stat-history.js';
import { recordStatHistory } from './record-stat-history.js';

const STATS = ['jump', 'play_time'];
const DAY = 86_400_000;
const day = 20_773; // 2026-11-16
const at = (d: number, hour: number) => d * DAY + hour * 3_600_000;
const work = mkdtempSync(join(tmpdir(), 'blockstats-history-log-'));
after(() => rmSync(work, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => join(work, `data-${++dirs}`);

/** A player read from a stats file holding `jump` and `play_time` (frozen: a new object is a changed file). */
function player(i: number, jump: number, play = 72_000): PlayerSave {
  const stats = Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:jump': jump, 'minecraft:play_time': play }) });
  return { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, statsDataVersion: 3953, legacyStats: false, stats, files: { stats: `s/${i}.json`, advancements: null, playerdata: null } } as unknown as PlayerSave;
}

const open = (dir: string) => openStatHistory(dir, { stats: STATS });
const todayPath = (dir: string) => join(historyDir(dir), TODAY_FILE);
const frames = (dir: string) => decodeFrames(readFileSync(todayPath(dir)), TODAY_FILE);

/** What a history answers: its days, the day in progress, and every player's gains over them. */
function answers(log: StatHistoryLog) {
  const h = log.history;
  const first = h.firstDay ?? 0;
  const last = h.lastDay ?? 0;
  const byUuid = (column: number) => Object.fromEntries(h.uuids.map((uuid, p) => [uuid, h.gainsOver(column, first, last)[p]]));
  return { days: h.days(), today: h.todayBlock(), jump: byUuid(0), play: byUuid(1) };
}

/** Pulls of one day: a player changing back and forth, one joining late, one never changing. */
const pulls: PlayerSave[][] = [
  [player(1, 10), player(2, 20), player(3, 30)],
  [player(1, 15), player(2, 20), player(3, 30)],
  [player(1, 15), player(2, 26, 80_000), player(3, 30), player(4, 5)],
  [player(1, 15), player(2, 20), player(3, 30), player(4, 9)],
  [player(1, 40), player(2, 20), player(3, 30), player(4, 9)],
];

/** Runs `pulls` on `dir` with one log, an hour apart; returns the log. */
async function record(dir: string, list: PlayerSave[][], d = day, log?: StatHistoryLog): Promise<StatHistoryLog> {
  const writer = log ?? (await open(dir));
  list.forEach((players, i) => recordStatHistory(writer, at(d, 8 + i), players, { sync: false }));
  return writer;
}

describe('recordStatHistory appends each pull to the day in progress', () => {
  test('a frame per changing pull, only the players it changed; read back the same as the whole day in one frame', async () => {
    const dir = freshDir();
    const writer = await record(dir, [pulls[0]!]);
    const firstSize = statSync(todayPath(dir)).size;
    await record(dir, pulls.slice(1), day, writer);
    const decoded = frames(dir);
    assert.equal(decoded.payloads.length, 1 + pulls.length, 'the header, then one frame per pull');
    assert.deepEqual(decoded.warnings, []);
    // The later frames hold the changed players only: far smaller than the first.
    assert.ok(statSync(todayPath(dir)).size - firstSize < firstSize * pulls.length);
    const unchanged = recordStatHistory(writer, at(day, 20), pulls.at(-1)!, { sync: false });
    assert.equal(unchanged.changed, 0);
    assert.equal(frames(dir).payloads.length, 1 + pulls.length, 'a pull that changed nothing appends nothing');

    // The earlier layout: the whole day in one frame (what each pull used to write).
    const whole = freshDir();
    mkdirSync(historyDir(whole), { recursive: true });
    writeFileSync(todayPath(whole), Buffer.concat([encodeFrame(encodeHeader(STATS)), encodeFrame(encodeDay(writer.history.todayBlock()!, new Map()))]));
    const appended = answers(await open(dir));
    assert.deepEqual(appended, answers(writer));
    assert.deepEqual(appended, answers(await open(whole)));
    assert.deepEqual(appended.jump, { [player(1, 0).uuid]: 30, [player(2, 0).uuid]: 0, [player(3, 0).uuid]: 0, [player(4, 0).uuid]: 4 });
  });

  test('a new day closes the last into its monthly file once and starts the day file anew', async () => {
    const dir = freshDir();
    const writer = await record(dir, pulls);
    const next = recordStatHistory(writer, at(day + 1, 1), [player(1, 41), player(2, 20), player(3, 30), player(4, 9)], { sync: false });
    assert.equal(next.closed, day);
    assert.equal(frames(dir).payloads.length, 2, 'the new day: a header and its first pull');
    const reopened = await open(dir);
    assert.deepEqual(answers(reopened), answers(writer));
    assert.deepEqual(reopened.warnings, []);
  });

  test('a torn last frame is dropped and reported, then cut off by the next append', async () => {
    const dir = freshDir();
    const writer = await record(dir, pulls.slice(0, 3));
    const before = answers(writer);
    const intact = statSync(todayPath(dir)).size;
    await record(dir, [pulls[3]!], day, writer);
    truncateSync(todayPath(dir), intact + 5); // a crash mid-append: 5 bytes of the frame's 30-odd
    const torn = await open(dir);
    assert.deepEqual(answers(torn), before, 'the pull torn off is not half read');
    assert.match(torn.warnings.map((w) => w.reason).join('\n'), /torn last frame \(5 bytes/);

    recordStatHistory(torn, at(day, 12), pulls[4]!, { sync: false });
    assert.match(torn.warnings.at(-1)!.reason, /cut off a torn last frame \(5 bytes\)/);
    const again = await open(dir);
    assert.deepEqual(again.warnings, []);
    assert.deepEqual(answers(again), answers(torn));
    assert.equal(again.history.gainsOver(0, day, day)[again.history.playerOf(player(1, 0).uuid)!], 30);
  });

  test('garbage after the last frame never reads as a pull', async () => {
    const dir = freshDir();
    const writer = await record(dir, pulls.slice(0, 2));
    appendFileSync(todayPath(dir), Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 9, 9]));
    const reopened = await open(dir);
    assert.deepEqual(answers(reopened), answers(writer));
    assert.equal(reopened.warnings.length, 1);
  });

  test('a restart mid-day goes on appending to the same day file, as one process would', async () => {
    const dir = freshDir();
    await record(dir, pulls.slice(0, 2));
    // A new process (`blockstats record` from cron, or serve restarted): every player is read again.
    const restarted = await open(dir);
    const rest = pulls.slice(2).map((players, i) => recordStatHistory(restarted, at(day, 10 + i), players, { sync: false }).changed);
    assert.deepEqual(rest, [2, 2, 1], 'after the restart only players whose values moved are new entries');
    assert.equal(frames(dir).payloads.length, 1 + pulls.length);

    const single = await record(freshDir(), pulls);
    assert.deepEqual(answers(await open(dir)), answers(single));
  });

  test('an old whole-day file opens and is appended to; a file of other columns is written anew', async () => {
    const dir = freshDir();
    const writer = await record(freshDir(), pulls.slice(0, 3));
    mkdirSync(historyDir(dir), { recursive: true });
    writeFileSync(todayPath(dir), Buffer.concat([encodeFrame(encodeHeader(STATS)), encodeFrame(encodeDay(writer.history.todayBlock()!, new Map()))]));
    const old = await open(dir);
    assert.deepEqual(answers(old), answers(writer));
    recordStatHistory(old, at(day, 15), pulls[4]!, { sync: false });
    assert.equal(frames(dir).payloads.length, 3, 'the old file, then the pull appended');
    recordStatHistory(writer, at(day, 15), pulls[4]!, { sync: false });
    assert.deepEqual(answers(await open(dir)), answers(writer));

    // Columns in another order (another catalogue): read through its header, then rewritten whole.
    const other = freshDir();
    mkdirSync(historyDir(other), { recursive: true });
    const swapped = { day, rows: [{ uuid: player(1, 0).uuid, baseline: [0, 72_000, 1, 10], values: [1, 12] }] };
    writeFileSync(todayPath(other), Buffer.concat([encodeFrame(encodeHeader(['play_time', 'jump'])), encodeFrame(encodeDay(swapped, new Map()))]));
    const reopened = await open(other);
    assert.equal(reopened.history.gainsOver(0, day, day)[0], 2);
    recordStatHistory(reopened, at(day, 16), [player(1, 13)], { sync: false });
    assert.equal(frames(other).payloads.length, 2, 'written anew under its own header');
    assert.equal((await open(other)).history.gainsOver(0, day, day)[0], 3);
  });
});

describe('recordStatHistory with background: true', () => {
  test('writes the same files as the blocking writes, a frame per pull once `written` resolves', async () => {
    const blocking = freshDir();
    await record(blocking, pulls);
    const dir = freshDir();
    const writer = await open(dir);
    for (const [i, players] of pulls.entries()) {
      const recorded = recordStatHistory(writer, at(day, 8 + i), players, { sync: true, background: true });
      await recorded.written;
    }
    assert.deepEqual(readFileSync(todayPath(dir)), readFileSync(todayPath(blocking)));
    assert.deepEqual(answers(await open(dir)), answers(writer));
  });

  test('a failed append rejects `written`; the next pull writes the day file anew, nothing lost', async () => {
    const dir = freshDir();
    const writer = await record(dir, pulls.slice(0, 2));
    // The day file replaced by a directory: the append cannot open it.
    rmSync(todayPath(dir));
    mkdirSync(todayPath(dir));
    const failed = recordStatHistory(writer, at(day, 12), pulls[2]!, { sync: false, background: true });
    await assert.rejects(failed.written!);
    rmSync(todayPath(dir), { recursive: true });
    const next = recordStatHistory(writer, at(day, 13), pulls[3]!, { sync: false, background: true });
    await next.written;
    assert.equal(frames(dir).payloads.length, 2, 'a header and the whole day in one frame');
    assert.deepEqual(answers(await open(dir)), answers(writer));
  });
});
