import assert from 'node:assert/strict';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { addPull } from './add-pull.js';
import { emptyRecord } from './empty-record.js';
import { loadRecord } from './load-record.js';
import { openRecord } from './open-record.js';
import { recordPull } from './record-pull.js';
import type { Pull } from './types.js';

const Q = 15 * 60_000;
const T0 = Date.parse('2026-10-31T23:15:00Z');
const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const C = '00000000-0000-0000-0000-00000000000c';

const dirs: string[] = [];
const tmp = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-record-'));
  dirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Eight pulls across a month boundary: A plays throughout, B joins later, the ping fails once. */
const pulls: Pull[] = Array.from({ length: 8 }, (_, i) => ({
  at: T0 + i * Q,
  online: i === 3 ? null : 1 + (i >= 4 ? 1 : 0),
  counters: {
    [A]: { play_time: 1000 + i * 18_000, deaths: i >= 5 ? 1 : 0 },
    [C]: { play_time: 50, deaths: 0 },
    ...(i >= 4 ? { [B]: { play_time: (i - 3) * 18_000, deaths: 0 } } : {}),
  },
}));

const lines = (dir: string, name: string): string[] =>
  readFileSync(join(dir, 'record', name), 'utf8').trimEnd().split('\n');

describe('recordPull(log, pull) / loadRecord(dataDir)', () => {
  test('what is loaded back equals what was recorded in memory', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    for (const pull of pulls) await recordPull(log, pull);
    const memory = emptyRecord();
    for (const pull of pulls) addPull(memory, pull);
    assert.deepEqual(log.record, memory);
    const { record, warnings } = await loadRecord(dir);
    assert.deepEqual(warnings, []);
    assert.deepEqual(record, memory);
    assert.equal(record.recordingSince, T0);
    assert.deepEqual(record.online, [1, 1, 1, null, 2, 2, 2, 2]);
  });

  test('a line per changed player; the first pull of each monthly file lists everyone', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    const written = [];
    for (const pull of pulls) written.push((await recordPull(log, pull)).players);
    assert.deepEqual(readdirSync(join(dir, 'record')).filter((n) => n.endsWith('.jsonl')), [
      'record-2026-10.jsonl',
      'record-2026-11.jsonl',
    ]);
    // 23:15, 23:30, 23:45 UTC are October; 00:00 starts November with a full line for A and C.
    // C never changes after its first sighting; B is new at pull 4 (00:15).
    assert.deepEqual(written, [2, 1, 1, 2, 2, 2, 2, 2]);
    const october = lines(dir, 'record-2026-10.jsonl').map((l) => JSON.parse(l));
    const november = lines(dir, 'record-2026-11.jsonl').map((l) => JSON.parse(l));
    assert.deepEqual(october[0], { format: 'blockstats-record', version: 1 });
    assert.deepEqual(november[0], { format: 'blockstats-record', version: 1 });
    assert.equal(october.length, 1 + 3);
    assert.equal(november.length, 1 + 5);
    // Columns and the uuid table are declared once per file, then only referenced.
    assert.deepEqual(october[1].c, ['play_time', 'deaths']);
    assert.deepEqual(october[1].n, { 0: A, 1: C });
    assert.equal(october[2].c, undefined);
    assert.equal(october[2].n, undefined);
    assert.deepEqual(october[2].p, [0, 19_000, 0]);
    assert.deepEqual(november[1].n, { 0: A, 1: C });
    assert.deepEqual(november[1], { t: T0 + 3 * Q, o: null, c: ['play_time', 'deaths'], n: { 0: A, 1: C }, p: [0, 55_000, 0, 1, 50, 0] });
    assert.deepEqual(november[2].n, { 2: B });
  });

  test('the first pull sets recording_since; an empty data directory is an empty record', async () => {
    const dir = tmp();
    assert.deepEqual(await loadRecord(join(dir, 'nothing-here')), { record: emptyRecord(), warnings: [] });
    const log = await openRecord(dir);
    await recordPull(log, pulls[0]!);
    assert.equal((await loadRecord(dir)).record.recordingSince, T0);
  });

  test('a torn last line is dropped with a warning, then cut off before the next append', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    for (const pull of pulls.slice(0, 5)) await recordPull(log, pull);
    const file = join(dir, 'record', 'record-2026-11.jsonl');
    const intact = statSync(file).size;
    appendFileSync(file, '{"t":1793577600000,"o":2,"p":[[0,9');

    const loaded = await loadRecord(dir);
    assert.equal(loaded.record.times.length, 5);
    assert.deepEqual(loaded.warnings, [
      { file: 'record/record-2026-11.jsonl', line: 4, reason: 'torn last line (34 bytes, an interrupted append) dropped' },
    ]);
    assert.ok(statSync(file).size > intact, 'loading is read-only');

    const reopened = await openRecord(dir);
    await recordPull(reopened, pulls[5]!);
    assert.equal(reopened.warnings.at(-1)?.reason, 'cut off a torn last line (34 bytes) before appending');
    const after = await loadRecord(dir);
    assert.deepEqual(after.warnings, []);
    assert.deepEqual(after.record.times, pulls.slice(0, 6).map((p) => p.at));
  });

  test('a damaged line in the middle loses only itself', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    for (const pull of pulls.slice(0, 3)) await recordPull(log, pull);
    const file = join(dir, 'record', 'record-2026-10.jsonl');
    const text = lines(dir, 'record-2026-10.jsonl');
    text[2] = text[2]!.replace('"p":', '"p":x');
    writeFileSync(file, `${text.join('\n')}\n`);
    const { record, warnings } = await loadRecord(dir);
    assert.deepEqual(record.times, [pulls[0]!.at, pulls[2]!.at]);
    assert.deepEqual(warnings, [{ file: 'record/record-2026-10.jsonl', line: 3, reason: 'line is not valid JSON; skipped' }]);
  });

  test('a pull not later than the last one, or a malformed one, is refused and nothing is written', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    await recordPull(log, pulls[1]!);
    const before = readFileSync(join(dir, 'record', 'record-2026-10.jsonl'), 'utf8');
    const bad: Array<[Pull, RegExp]> = [
      [pulls[0]!, /is not after the last recorded pull/],
      [pulls[1]!, /is not after the last recorded pull/],
      [{ ...pulls[2]!, at: Number.NaN }, /pull\.at must be a time/],
      [{ ...pulls[2]!, online: -1 }, /pull\.online must be a non-negative integer or null/],
      [{ ...pulls[2]!, online: 1.5 }, /pull\.online/],
      [{ ...pulls[2]!, counters: { [A]: { play_time: Number.POSITIVE_INFINITY } } }, /counters\['.*a'\]\.play_time must be a finite number/],
      [{ ...pulls[2]!, counters: { [A]: null as never } }, /must be an object of counters/],
    ];
    for (const [pull, message] of bad) await assert.rejects(recordPull(log, pull), message);
    assert.equal(readFileSync(join(dir, 'record', 'record-2026-10.jsonl'), 'utf8'), before);
    await recordPull(log, pulls[2]!);
    assert.equal((await loadRecord(dir)).record.times.length, 2);
  });

  test('a counter added later (a new event stat) is recorded for everyone from then on', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    await recordPull(log, { at: T0, online: 0, counters: { [A]: { play_time: 10, deaths: 0 }, [C]: { play_time: 5, deaths: 0 } } });
    const result = await recordPull(log, {
      at: T0 + Q,
      online: 0,
      counters: { [A]: { play_time: 10, deaths: 0, jump: 7 }, [C]: { play_time: 5, deaths: 0, jump: 0 } },
    });
    assert.equal(result.players, 2, 'a value that was not recorded before counts as a change');
    const { record } = await loadRecord(dir);
    assert.deepEqual(record.counters, ['play_time', 'deaths', 'jump']);
    assert.deepEqual(record.players[A]!.jump, { pulls: [1], values: [7] });
    assert.deepEqual(record.players[C]!.jump, { pulls: [1], values: [0] });
  });

  test('the event choice is stored when it changes and at the start of each file, and loads back', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    const week = Date.parse('2026-10-25T23:00:00Z');
    const next = Date.parse('2026-11-01T23:00:00Z');
    for (const [i, pull] of pulls.entries()) {
      await recordPull(log, { ...pull, event: { weekStart: i < 6 ? week : next, stat: i < 6 ? 'jump' : 'fish_caught' } });
    }
    const e = [...lines(dir, 'record-2026-10.jsonl'), ...lines(dir, 'record-2026-11.jsonl')]
      .map((l) => JSON.parse(l)).filter((l) => 't' in l).map((l) => l.e ?? null);
    assert.deepEqual(e, [[week, 'jump'], null, null, [week, 'jump'], null, null, [next, 'fish_caught'], null]);
    const { record } = await loadRecord(dir);
    assert.deepEqual({ ...record.events }, { [week]: 'jump', [next]: 'fish_caught' });
    await assert.rejects(recordPull(log, { ...pulls[7]!, at: T0 + 99 * Q, event: { weekStart: 1, stat: '' } }), /pull\.event must be/);
  });

  test('a player missing from a pull keeps their values; counters a pull leaves out carry over', async () => {
    const record = emptyRecord();
    addPull(record, { at: T0, online: 1, counters: { [A]: { play_time: 10, deaths: 2 } } });
    assert.deepEqual(addPull(record, { at: T0 + Q, online: 1, counters: {} }), []);
    assert.deepEqual(addPull(record, { at: T0 + 2 * Q, online: 1, counters: new Map([[A, { play_time: 20 }]]) }), [A]);
    assert.deepEqual({ ...record.players[A] }, { play_time: { pulls: [0, 2], values: [10, 20] }, deaths: { pulls: [0], values: [2] } });
  });

  test('appends by another process since openRecord are picked up, not overwritten', async () => {
    const dir = tmp();
    const first = await openRecord(dir);
    const second = await openRecord(dir);
    assert.equal((await recordPull(first, pulls[0]!)).reread, false);
    // Each says whether it read the record again first (the other one wrote since it last did).
    assert.equal((await recordPull(second, pulls[1]!)).reread, true);
    assert.equal((await recordPull(first, pulls[2]!)).reread, true);
    assert.equal((await recordPull(first, pulls[3]!)).reread, false);
    await assert.rejects(recordPull(second, pulls[2]!), /is not after the last recorded pull/);
    const { record, warnings } = await loadRecord(dir);
    assert.deepEqual(warnings, []);
    const memory = emptyRecord();
    for (const pull of pulls.slice(0, 4)) addPull(memory, pull);
    assert.deepEqual(record, memory);
    assert.deepEqual(first.record, memory);
  });

  test('a lock left by a dead writer is taken over; one held by a live process is refused', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    await recordPull(log, pulls[0]!);
    const lock = join(dir, 'record', '.lock');
    writeFileSync(lock, '2147483646\n'); // no such process
    await recordPull(log, pulls[1]!);
    assert.throws(() => statSync(lock), /ENOENT/, 'released after the append');

    writeFileSync(lock, `${process.ppid}\n`); // alive: the test runner
    await assert.rejects(recordPull(log, pulls[2]!), /being written by another process \(pid \d+\)/);
    rmSync(lock);
    await recordPull(log, pulls[2]!);
    assert.equal((await loadRecord(dir)).record.times.length, 3);
  });

  test('files that are not record files are ignored; a foreign file gets a warning', async () => {
    const dir = tmp();
    const log = await openRecord(dir);
    await recordPull(log, pulls[0]!);
    writeFileSync(join(dir, 'record', 'notes.txt'), 'hello');
    writeFileSync(join(dir, 'record', 'record-2026-09.jsonl'), '{"format":"something-else","version":1}\n{"t":1}\n');
    const { record, warnings } = await loadRecord(dir);
    assert.equal(record.times.length, 1);
    assert.deepEqual(warnings, [{ file: 'record/record-2026-09.jsonl', line: 1, reason: 'not a blockstats-record v1 file; ignored' }]);
  });
});
