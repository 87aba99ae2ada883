import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, HOUR, Q, type Step } from '../../test/record-builder.js';
import { addPull } from '../record/add-pull.js';
import { emptyRecord } from '../record/empty-record.js';
import { eventStats } from './event-stats.js';
import { weeklyEvents } from './weekly-events.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const D = '00000000-0000-0000-0000-00000000000d';
const at = (iso: string) => Date.parse(iso);

// Berlin. Recording begins Wednesday 2026-11-11 12:00 UTC, inside the week of Monday 9 November
// (2026-11-08T23:00Z); week 2 begins Monday 16 November 00:00 CET = 2026-11-15T23:00Z.
const start = at('2026-11-11T12:00:00Z');
const steps: Step[] = [
  { gain: { [A]: { jump: 10 } } }, // 12:15 A leads
  { gain: { [B]: { jump: 30 } } }, // 12:30 B takes over
  { gain: { [A]: { jump: 50 } }, after: at('2026-11-15T22:45:00Z') - at('2026-11-11T12:30:00Z') }, // Sunday night: A again
  { gain: { [A]: { jump: 5 } } }, // 23:00 = Monday 00:00 local: closes week 1, baseline of week 2
  { gain: { [B]: { jump: 2 } } }, // 23:15, week 2
  { gain: { [A]: { jump: 1000 }, [D]: { jump: 7 } } }, // 23:30, week 2; D is a newcomer
];
const times = steps.reduce<number[]>((acc, s) => [...acc, acc.at(-1)! + (s.after ?? Q)], [start]);
const record = buildRecord(start, { [A]: { jump: 100 }, [B]: { jump: 500 } }, steps);
const options = { timeZone: 'Europe/Berlin', pool: ['jump'], titles: { jump: 'Jumps' } };
const week1 = (now: number) => weeklyEvents(record, { ...options, now }).find((e) => e.week === 1)!;

describe('weeklyEvents(record, { now, timeZone, pool, schedule })', () => {
  test('an event starts, gets a leader, changes leader, and finishes with its final leader frozen', () => {
    const first = weeklyEvents(record, { ...options, now: times[0]! });
    assert.deepEqual(first, [{
      id: 'jump_week1', week: 1, stat: 'jump', title: 'Week 1: Jumps', state: 'running',
      starts_at: '2026-11-08T23:00:00.000Z', ends_at: '2026-11-15T23:00:00.000Z',
      leader: null, standings: [],
    }]);
    assert.deepEqual(week1(times[1]!).leader, { rank: 1, uuid: A, gain: 10 });
    assert.deepEqual(week1(times[2]!).leader, { rank: 1, uuid: B, gain: 30 });
    const sunday = week1(times[3]!);
    assert.equal(sunday.state, 'running');
    assert.deepEqual(sunday.standings, [{ rank: 1, uuid: A, gain: 60 }, { rank: 2, uuid: B, gain: 30 }]);
    // Monday 00:00 local: the closing pull counts toward week 1, and week 1 is finished.
    const closed = week1(times[4]!);
    assert.equal(closed.state, 'finished');
    assert.deepEqual(closed.leader, { rank: 1, uuid: A, gain: 65 });
    // A's 1,000 jumps in week 2 change nothing about week 1.
    for (const now of [times[5]!, times[6]!, times[6]! + 30 * 24 * HOUR]) assert.deepEqual(week1(now), closed);
  });

  test('the next week starts from its own baseline; a newcomer counts from zero; newest first', () => {
    const events = weeklyEvents(record, { ...options, now: times[6]! });
    assert.deepEqual(events.map((e) => [e.id, e.state]), [['jump_week2', 'running'], ['jump_week1', 'finished']]);
    assert.deepEqual(events[0]!.standings, [
      { rank: 1, uuid: A, gain: 1000 }, { rank: 2, uuid: D, gain: 7 }, { rank: 3, uuid: B, gain: 2 },
    ]);
    assert.equal(events[0]!.starts_at, '2026-11-15T23:00:00.000Z');
  });

  test('between the end and the closing pull the event is finished with the latest known leader', () => {
    // Pulls at 22:50 and 23:10 UTC around the end (23:00): the window across the end counts
    // toward the ending week, as soon as its closing pull exists.
    const r = buildRecord(at('2026-11-15T22:50:00Z'), { [A]: { jump: 0 } }, [{ gain: { [A]: { jump: 3 } }, after: 20 * 60_000 }]);
    const ended = weeklyEvents(r, { ...options, now: at('2026-11-15T23:05:00Z') });
    assert.deepEqual(ended.map((e) => [e.id, e.state, e.leader]), [['jump_week2', 'running', null], ['jump_week1', 'finished', null]]);
    const closed = weeklyEvents(r, { ...options, now: at('2026-11-15T23:10:00Z') });
    assert.deepEqual(closed.map((e) => [e.id, e.state, e.leader]), [
      ['jump_week2', 'running', null],
      ['jump_week1', 'finished', { rank: 1, uuid: A, gain: 3 }],
    ]);
  });

  test('ids count weeks since recording began, the first (partial) week being 1, across a DST change', () => {
    // Recording from Saturday 2024-10-19 (CEST); Berlin falls back on Sunday 27 October, so
    // week 2 lasts 169 hours.
    const r = buildRecord(at('2024-10-19T10:00:00Z'), {}, []);
    const events = weeklyEvents(r, { now: at('2024-11-05T10:00:00Z'), timeZone: 'Europe/Berlin', pool: ['jump'] });
    assert.deepEqual(events.map((e) => [e.id, e.state, e.starts_at, e.ends_at]), [
      ['jump_week4', 'running', '2024-11-03T23:00:00.000Z', '2024-11-10T23:00:00.000Z'],
      ['jump_week3', 'finished', '2024-10-27T23:00:00.000Z', '2024-11-03T23:00:00.000Z'],
      ['jump_week2', 'finished', '2024-10-20T22:00:00.000Z', '2024-10-27T23:00:00.000Z'],
      ['jump_week1', 'finished', '2024-10-13T22:00:00.000Z', '2024-10-20T22:00:00.000Z'],
    ]);
  });

  test('a schedule overrides the pool; a stat the record lacks has no leader; titles fall back to the id', () => {
    const events = weeklyEvents(record, { now: times[6]!, timeZone: 'Europe/Berlin', pool: ['jump'], schedule: { 2: 'mined_diamond_ore' } });
    assert.deepEqual(events.map((e) => [e.id, e.title, e.leader]), [
      ['mined_diamond_ore_week2', 'Week 2: Mined diamond ore', null],
      ['jump_week1', 'Week 1: Jump', { rank: 1, uuid: A, gain: 65 }],
    ]);
  });

  test('no pool and no schedule, or no pulls: no events; a bad pool is refused', () => {
    assert.deepEqual(weeklyEvents(record, { now: times[6]!, pool: [] }), []);
    assert.deepEqual(weeklyEvents(emptyRecord(), { now: times[6]!, pool: ['jump'] }), []);
    assert.deepEqual(weeklyEvents(record, { now: start - 1, pool: ['jump'] }), []);
    assert.throws(() => weeklyEvents(record, { now: times[6]!, pool: 'jump' as never }), /event pool must be an array of stat ids/);
  });
});

describe('eventStats(weeks, pool, schedule)', () => {
  const pool = ['jump', 'fish_caught', 'mined_diamond_ore', 'walk_one_cm', 'animals_bred'];

  test('the pick is deterministic, uses the pool, and never repeats the previous week', () => {
    const picks = eventStats(60, pool);
    assert.deepEqual(eventStats(60, pool), picks);
    assert.deepEqual(eventStats(10, pool), picks.slice(0, 10), 'a week\'s pick does not depend on how many weeks are asked for');
    for (let i = 1; i < picks.length; i++) assert.notEqual(picks[i], picks[i - 1]);
    assert.deepEqual(new Set(picks), new Set(pool), 'every stat comes up');
  });

  test('schedule entries win; a one-stat pool repeats; an empty pool leaves unscheduled weeks empty', () => {
    assert.deepEqual(eventStats(3, pool, { 2: 'deaths' })[1], 'deaths');
    assert.deepEqual(eventStats(3, ['jump']), ['jump', 'jump', 'jump']);
    assert.deepEqual(eventStats(3, [], { 2: 'jump' }), [null, 'jump', null]);
  });

  test("a finished week's standings are kept, and each view of the record (its players) has its own", () => {
    const rec = buildRecord(start, { [A]: { jump: 100 }, [B]: { jump: 500 } }, steps);
    const finished = () => weeklyEvents(rec, { ...options, now: rec.times.at(-1)! }).find((e) => e.week === 1)!;
    const standings = finished().standings;
    assert.deepEqual(standings.map((s) => [s.rank, s.uuid, s.gain]), [[1, A, 65], [2, B, 30]]);
    // A later pull (a record only grows): the same standings.
    addPull(rec, { at: rec.times.at(-1)! + Q, online: 1, counters: { [B]: { play_time: 0, deaths: 0, jump: 900 } } });
    assert.deepEqual(finished().standings, standings);
    // A view without A (A hidden): its own standings.
    const view = { ...rec, players: { [B]: rec.players[B]! } };
    const hidden = weeklyEvents(view, { ...options, now: rec.times.at(-1)! }).find((e) => e.week === 1)!;
    assert.deepEqual(hidden.standings.map((s) => [s.rank, s.uuid, s.gain]), [[1, B, 30]]);
  });
});
