import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { eventCounters } from './event-counters.js';
import { weeklyEvents } from './weekly-events.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const HOUR = 3_600_000;
const pool = ['jump', 'fish_caught', 'animals_bred'];
const config = { timeZone: 'Europe/Berlin', pool };

/**
 * A recorder loop in memory: a pull every 6 hours for three weeks from Monday 00:00 Berlin; in
 * the first three days of each week A gains 1 of every stat per window and B 2. Each pull
 * records only what `eventCounters` asks for.
 */
function record3Weeks() {
  const record = emptyRecord();
  const world: Record<string, Record<string, number>> = {
    [A]: { play_time: 0, deaths: 0, jump: 0, fish_caught: 0, animals_bred: 0 },
    [B]: { play_time: 0, deaths: 0, jump: 0, fish_caught: 0, animals_bred: 0 },
  };
  const asked: string[][] = [];
  const start = Date.parse('2026-11-01T23:00:00Z');
  const pulls = 3 * 28;
  for (let i = 0; i < pulls; i++) {
    const at = start + i * 6 * HOUR;
    // The window ending at a week's first pull (i % 28 === 0) is the ending week's last window.
    if (i > 0 && i % 28 < 12) {
      for (const [uuid, step] of [[A, 1], [B, 2]] as const) {
        for (const k of Object.keys(world[uuid]!)) world[uuid]![k]! += k === 'play_time' ? 6 * 72_000 : step;
      }
    }
    const { statIds, event } = eventCounters(record, { ...config, at });
    asked.push(statIds);
    const counters: Record<string, Record<string, number>> = {};
    for (const [uuid, all] of Object.entries(world)) {
      counters[uuid] = Object.fromEntries(['play_time', 'deaths', ...statIds].map((k) => [k, all[k]!]));
    }
    addPull(record, { at, online: 2, counters, event });
  }
  return { record, asked, end: start + (pulls - 1) * 6 * HOUR };
}

describe('eventCounters(record, { at, timeZone, pool, schedule })', () => {
  const { record, asked, end } = record3Weeks();
  const weeks = weeklyEvents(record, { ...config, now: end }).reverse();

  test('asks for the running week\'s stat, and on a week\'s first pull also the ending week\'s', () => {
    const stats = weeks.map((e) => e.stat);
    assert.deepEqual(asked[0], [stats[0]]);
    assert.deepEqual(asked[27], [stats[0]]);
    assert.deepEqual(asked[28], [stats[1], stats[0]]);
    assert.deepEqual(asked[29], [stats[1]]);
    assert.deepEqual(asked[56], [stats[2], stats[1]]);
    assert.deepEqual(Object.values(record.events), stats);
  });

  test('every event has its gains although only its own stat was recorded that week', () => {
    assert.deepEqual(weeks.map((e) => [e.week, e.state, e.standings.map((s) => [s.uuid, s.gain])]), [
      [1, 'finished', [[B, 24], [A, 12]]],
      [2, 'finished', [[B, 24], [A, 12]]],
      [3, 'running', [[B, 22], [A, 11]]],
    ]);
  });

  test('changing the pool later does not rewrite finished events; the running one follows the config', () => {
    const other = ['walk_one_cm'];
    const after = weeklyEvents(record, { ...config, pool: other, now: end }).reverse();
    assert.deepEqual(after.slice(0, 2), weeks.slice(0, 2));
    assert.equal(after[2]!.stat, 'walk_one_cm');
    assert.equal(after[2]!.leader, null, 'nothing recorded for it yet');
    // Once a week has finished, the schedule cannot change it either.
    const scheduled = weeklyEvents(record, { ...config, schedule: { 1: 'walk_one_cm' }, now: end }).reverse();
    assert.equal(scheduled[0]!.stat, weeks[0]!.stat);
  });

  test('before any pull, week 1 is the week of the first pull', () => {
    const at = Date.parse('2026-11-18T12:00:00Z');
    const { statIds, event } = eventCounters(emptyRecord(), { ...config, at });
    assert.equal(statIds.length, 1);
    assert.deepEqual(event, { weekStart: Date.parse('2026-11-15T23:00:00Z'), stat: statIds[0] });
    assert.deepEqual(eventCounters(emptyRecord(), { at, pool: [] }), { statIds: [], event: null });
  });
});
