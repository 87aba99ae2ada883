import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { playerActivity } from '../activity/player-activity.js';
import { LOG_HEADER } from './log-format.js';
import { loadRecord } from './load-record.js';
import { openRecord } from './open-record.js';
import { recordPull } from './record-pull.js';

const T0 = Date.parse('2026-11-02T10:00:00Z');
const A = '00000000-0000-0000-0000-00000000000a';
const dirs: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-load-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A data directory whose November file holds `lines` after the header. */
function dataDir(lines: string[], name = 'record-2026-11.jsonl'): string {
  const dir = tmp();
  mkdirSync(join(dir, 'record'));
  writeFileSync(join(dir, 'record', name), LOG_HEADER + lines.map((line) => `${line}\n`).join(''));
  return dir;
}

describe('loadRecord(dataDir) on hostile files', () => {
  test('counter names and uuids such as __proto__, toString and constructor are plain data', async () => {
    const dir = dataDir([
      JSON.stringify({ t: T0, o: 1, c: ['toString', '__proto__', 'constructor', 'play_time'], n: { 0: A, 1: '__proto__', 2: 'constructor' }, p: [0, 1, 2, 3, 4, 1, 5, 6, 7, 8, 2, 9, 9, 9, 9] }),
      JSON.stringify({ t: T0 + 900_000, o: 1, p: [0, 10, 20, 30, 40] }),
    ]);
    const { record, warnings } = await loadRecord(dir);
    assert.deepEqual(warnings, []);
    assert.deepEqual(record.counters, ['toString', '__proto__', 'constructor', 'play_time']);
    assert.deepEqual(record.players[A]!.toString, { pulls: [0, 1], values: [1, 10] });
    assert.deepEqual(record.players[A]!.__proto__, { pulls: [0, 1], values: [2, 20] });
    assert.deepEqual(record.players.__proto__!.constructor, { pulls: [0], values: [7] });
    assert.deepEqual(Object.keys(record.players).sort(), [A, '__proto__', 'constructor'].sort());
    // Nothing leaked onto Object.prototype.
    assert.equal(({} as Record<string, unknown>).play_time, undefined);
    assert.equal(Object.prototype.toString.call([]), '[object Array]');
    // And the derived functions read it.
    assert.equal(playerActivity(record, A, { now: T0 + 900_000 }).all_time.minutes, 0);
  });

  test('a record with such names still takes new pulls', async () => {
    const dir = dataDir([JSON.stringify({ t: T0, o: 1, c: ['toString', 'play_time'], n: { 0: A }, p: [0, 1, 2] })]);
    const log = await openRecord(dir);
    await recordPull(log, { at: T0 + 900_000, online: 1, counters: { [A]: { play_time: 3, deaths: 0 } } });
    const { record, warnings } = await loadRecord(dir);
    assert.deepEqual(warnings, []);
    assert.deepEqual(record.players[A]!.play_time, { pulls: [0, 1], values: [2, 3] });
    assert.deepEqual(record.players[A]!.toString, { pulls: [0], values: [1] });
  });

  test('every damaged line is a warning and the rest loads', async () => {
    const dir = dataDir([
      JSON.stringify({ t: T0, o: 1, c: ['play_time'], n: { 0: A }, p: [0, 5] }),
      '{"t": "soon"}',
      '[1,2,3]',
      'not json at all',
      JSON.stringify({ t: T0 + 1, o: 1, c: { not: 'a list' }, p: [] }),
      JSON.stringify({ t: T0 + 2, o: 1, n: 'not an object', p: [] }),
      JSON.stringify({ t: T0 + 3, o: 1, p: [0, 1, 2] }), // rows do not match the one column
      JSON.stringify({ t: T0 + 4, o: 1, p: [7, 9] }), // unknown player index
      JSON.stringify({ t: T0 + 5, o: 1, p: [0, 6] }),
    ]);
    const { record, warnings } = await loadRecord(dir);
    assert.equal(warnings.length, 7);
    assert.ok(warnings.every((w) => w.file === 'record/record-2026-11.jsonl' && w.line !== null));
    assert.deepEqual(record.players[A]!.play_time, { pulls: [0, 2], values: [5, 6] });
  });

  test('never throws: a folder, a FIFO or an oversized file in a monthly file\'s place is a warning', async () => {
    const dir = dataDir([JSON.stringify({ t: T0, o: 1, c: ['play_time'], n: { 0: A }, p: [0, 5] })]);
    mkdirSync(join(dir, 'record', 'record-2026-09.jsonl'));
    execFileSync('mkfifo', [join(dir, 'record', 'record-2026-10.jsonl')]);
    writeFileSync(join(dir, 'record', 'record-2026-12.jsonl'), LOG_HEADER + ' '.repeat(4096));
    const { record, warnings } = await loadRecord(dir, { maxFileBytes: 1024 });
    assert.deepEqual(
      warnings.map((w) => [w.file, w.reason.replace(/\(.*\)/, '(…)')]),
      [
        ['record/record-2026-09.jsonl', 'file cannot be read (…); its pulls are left out'],
        ['record/record-2026-10.jsonl', 'file cannot be read (…); its pulls are left out'],
        ['record/record-2026-12.jsonl', 'file cannot be read (…); its pulls are left out'],
      ],
    );
    assert.match(warnings[1]!.reason, /FIFO/);
    assert.match(warnings[2]!.reason, /over the 1 KiB size limit/);
    assert.equal(record.times.length, 1);
  });

  test('a record directory that is a file loads as empty with a warning', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'record'), 'oops');
    const { record, warnings } = await loadRecord(dir);
    assert.equal(record.times.length, 0);
    assert.match(warnings[0]!.reason, /the record directory cannot be read/);
  });

  test('a monthly file that could not be read is never appended to', async () => {
    const dir = dataDir([JSON.stringify({ t: T0, o: 1, c: ['play_time'], n: { 0: A }, p: [0, 5] })]);
    writeFileSync(join(dir, 'record', 'record-2026-11.jsonl'), LOG_HEADER + ' '.repeat(4096));
    const log = await openRecord(dir, { maxFileBytes: 1024 });
    await assert.rejects(
      recordPull(log, { at: T0 + 900_000, online: 1, counters: { [A]: { play_time: 6, deaths: 0 } } }),
      /record\/record-2026-11\.jsonl could not be read .*; not appending to it/,
    );
    // The next month starts a file of its own.
    await recordPull(log, { at: Date.parse('2026-12-01T00:00:00Z'), online: 1, counters: { [A]: { play_time: 6, deaths: 0 } } });
  });
});
