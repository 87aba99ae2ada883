import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { weeklyEvents } from '../events/weekly-events.js';
import { loadRecord } from './load-record.js';
import { openRecord } from './open-record.js';
import { pullOnce } from './pull-once.js';

const A = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const B = '00000000-0000-0000-0009-01f7c2b9f4a1';
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A minimal server: world/stats/<uuid>.json only. */
function server(stats: Record<string, { play: number; deaths: number; jumps: number }>): string {
  const root = mkdtempSync(join(tmpdir(), 'blockstats-pull-'));
  dirs.push(root);
  mkdirSync(join(root, 'world', 'stats'), { recursive: true });
  writeStats(root, stats);
  return root;
}
function writeStats(root: string, stats: Record<string, { play: number; deaths: number; jumps: number }>) {
  for (const [uuid, s] of Object.entries(stats)) {
    writeFileSync(join(root, 'world', 'stats', `${uuid}.json`), JSON.stringify({
      stats: { 'minecraft:custom': { 'minecraft:play_time': s.play, 'minecraft:deaths': s.deaths, 'minecraft:jump': s.jumps } },
      DataVersion: 3953,
    }));
  }
}

describe('pullOnce({ server, dataDir, clock, online, events })', () => {
  test('reads the save, pings, and appends one pull with the event stat', async () => {
    const root = server({ [A]: { play: 72_000, deaths: 2, jumps: 100 }, [B]: { play: 1200, deaths: 0, jumps: 5 } });
    const dataDir = join(root, 'data');
    let now = Date.parse('2026-11-16T12:00:00Z');
    const clock = () => now;
    const events = { timeZone: 'Europe/Berlin', pool: ['jump'] };
    const first = await pullOnce({ server: root, dataDir, clock, online: async () => 2, events });
    // The stat history beside the record: both players' first readings, on Berlin's 2026-11-16.
    const history = { recorded: { day: 20_773, closed: null, changed: 2 }, error: null, warnings: [] };
    assert.deepEqual(first, { at: now, file: 'record/record-2026-11.jsonl', players: 2, online: 2, reread: false, saveWarnings: [], history });

    writeStats(root, { [A]: { play: 72_000 + 18_000, deaths: 3, jumps: 160 } });
    now += 15 * 60_000;
    const second = await pullOnce({ server: root, dataDir, clock, online: async () => { throw new Error('timeout'); }, events });
    assert.equal(second.players, 1, 'only A changed');
    assert.equal(second.history?.recorded?.changed, 1, 'only A changed in the stat history too');
    assert.equal(second.online, null, 'a failed ping is a null sample');

    const { record } = await loadRecord(dataDir);
    assert.deepEqual(record.counters, ['play_time', 'deaths', 'jump']);
    assert.deepEqual({ ...record.players[A] }, {
      play_time: { pulls: [0, 1], values: [72_000, 90_000] },
      deaths: { pulls: [0, 1], values: [2, 3] },
      jump: { pulls: [0, 1], values: [100, 160] },
    });
    assert.deepEqual({ ...record.events }, { [Date.parse('2026-11-15T23:00:00Z')]: 'jump' });
    const [event] = weeklyEvents(record, { ...events, now });
    assert.deepEqual(event!.leader, { rank: 1, uuid: A, gain: 60 });
  });

  test('an opened log is reused; an unknown stat id or a missing save fails before anything is written', async () => {
    const root = server({ [A]: { play: 10, deaths: 0, jumps: 0 } });
    const dataDir = join(root, 'data');
    const log = await openRecord(dataDir);
    const clock = () => Date.parse('2026-11-16T12:00:00Z');
    await assert.rejects(pullOnce({ server: root, dataDir, clock, log, events: { pool: ['jumps'] } }), /unknown stat id 'jumps'/);
    await assert.rejects(pullOnce({ server: join(root, 'nope'), dataDir, clock, log }), /No such directory/);
    assert.equal(log.record.times.length, 0);
    const result = await pullOnce({ server: root, dataDir, clock, log });
    assert.equal(result.online, null, 'no ping capability: offline sample');
    assert.equal(log.record.times.length, 1);
  });

  test('the stat history is appended to from its checkpoint: the closed days are not read again', async () => {
    const root = server({ [A]: { play: 72_000, deaths: 2, jumps: 100 } });
    const dataDir = join(root, 'data');
    let now = Date.parse('2026-11-16T12:00:00Z');
    const run = () => pullOnce({ server: root, dataDir, clock: () => now, online: async () => null, timeZone: 'UTC' });
    await run();
    writeStats(root, { [A]: { play: 80_000, deaths: 2, jumps: 130 } });
    now += 86_400_000; // the next day: the first closes into history-2026-11.bin, and latest.bin is written
    assert.equal((await run()).history?.recorded?.closed, 20_773);
    // Damage the closed day in place (same length): reading it would say so; appending does not read it.
    const month = join(dataDir, 'history', 'history-2026-11.bin');
    const bytes = readFileSync(month);
    bytes[bytes.length - 3]! ^= 0xff;
    writeFileSync(month, bytes);
    writeStats(root, { [A]: { play: 90_000, deaths: 2, jumps: 150 } });
    now += 3_600_000;
    const third = await run();
    assert.deepEqual(third.history, { recorded: { day: 20_774, closed: null, changed: 1 }, error: null, warnings: [] });
  });
});
