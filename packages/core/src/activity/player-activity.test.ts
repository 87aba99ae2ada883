import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, idle, Q, TICKS_PER_MINUTE, type Step } from '../../test/record-builder.js';
import { emptyRecord } from '../record/empty-record.js';
import { playerActivity } from './player-activity.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';
const C = '00000000-0000-0000-0000-00000000000c';
// Monday 2026-11-16 10:00 UTC.
const T0 = Date.parse('2026-11-16T10:00:00Z');
const end = (steps: readonly Step[]) => T0 + steps.reduce((t, s) => t + (s.after ?? Q), 0);
const totals = (minutes: number, sessions: number, deaths = 0) => ({
  minutes, hours: Math.round((minutes / 60) * 100) / 100, sessions, deaths,
});

describe('playerActivity(record, uuid, { now, timeZone })', () => {
  test('online across several consecutive windows is one session', () => {
    const steps: Step[] = [{ play: { [A]: 15 } }, { play: { [A]: 15 } }, { play: { [A]: 15 } }, { play: { [A]: 10 } }, ...idle(2)];
    const a = playerActivity(buildRecord(T0, { [A]: {} }, steps), A, { now: end(steps) });
    assert.equal(a.active, true);
    assert.deepEqual(a.all_time, totals(55, 1));
    assert.deepEqual(a.last_7_days, totals(55, 1));
  });

  test('two runs of windows with a gap between them are two sessions', () => {
    const steps: Step[] = [{ play: { [A]: 15 } }, { play: { [A]: 5 }, die: { [A]: 1 } }, ...idle(3), { play: { [A]: 12 }, die: { [A]: 2 } }];
    const a = playerActivity(buildRecord(T0, { [A]: {} }, steps), A, { now: end(steps) });
    assert.deepEqual(a.all_time, totals(32, 2, 3));
  });

  test('minutes in a window are capped at its length; a counter that goes down counts as nothing', () => {
    const steps: Step[] = [
      { play: { [A]: 40 } }, // 40 minutes of play time in a 15-minute window: capped
      { set: { [A]: { play_time: 0, deaths: 0 } } }, // player file reset
      { play: { [A]: 6 } },
    ];
    const a = playerActivity(buildRecord(T0, { [A]: { play_time: 500 * TICKS_PER_MINUTE, deaths: 4 } }, steps), A, { now: end(steps) });
    assert.deepEqual(a.all_time, totals(21, 2));
  });

  test('a window after an outage is one window, capped at its own (longer) length', () => {
    const steps: Step[] = [{ play: { [A]: 90 }, after: 3 * 60 * 60_000 }, { play: { [A]: 15 } }];
    const a = playerActivity(buildRecord(T0, { [A]: {} }, steps), A, { now: end(steps) });
    assert.deepEqual(a.all_time, totals(105, 1));
  });

  test('the last 7 and 30 days hold only windows inside them; a session reaching into the period counts once', () => {
    const steps: Step[] = [
      { play: { [A]: 15 } }, // day 0: one session
      ...idle(4 * 10 * 24 - 1), // ten days later…
      { play: { [A]: 15 } }, // a session on day 10 …
      { play: { [A]: 15 } }, // … that the 7-day cut falls into
      ...idle(4 * 7 * 24 - 1),
    ];
    const now = end(steps);
    const a = playerActivity(buildRecord(T0, { [A]: {} }, steps), A, { now });
    assert.deepEqual(a.all_time, totals(45, 2));
    assert.deepEqual(a.last_30_days, totals(45, 2));
    assert.deepEqual(a.last_7_days, totals(15, 1));
    // Pulls after `now` (a clock behind the record) are ignored.
    const earlier = playerActivity(buildRecord(T0, { [A]: {} }, steps), A, { now: T0 + Q });
    assert.deepEqual(earlier.all_time, totals(15, 1));
  });

  test('nothing recorded: active is false and every total is zero', () => {
    const steps: Step[] = [{ play: { [B]: 15 } }];
    const record = buildRecord(T0, { [A]: {}, [B]: {} }, steps);
    for (const uuid of [A, C]) {
      const a = playerActivity(record, uuid, { now: end(steps) });
      assert.equal(a.active, false);
      assert.deepEqual([a.last_7_days, a.last_30_days, a.all_time], [totals(0, 0), totals(0, 0), totals(0, 0)]);
      assert.equal(a.rank_this_week, null);
    }
    const none = playerActivity(emptyRecord(), A, { now: T0 });
    assert.equal(none.recording_since, null);
    assert.equal(none.active, false);
  });

  test('a newcomer counts from zero; a player first seen with a long history is only a baseline', () => {
    const steps: Step[] = [
      { play: { [B]: 10 }, set: { [C]: { play_time: 900 * TICKS_PER_MINUTE, deaths: 50 } } },
      { play: { [B]: 15, [C]: 15 } },
    ];
    const record = buildRecord(T0, { [A]: {} }, steps);
    const now = end(steps);
    assert.deepEqual(playerActivity(record, B, { now }).all_time, totals(25, 1));
    assert.deepEqual(playerActivity(record, C, { now }).all_time, totals(15, 1));
  });

  test('rank this week: minutes since Monday 00:00 local, ties share the rank', () => {
    // Sunday 2026-11-15 20:00 UTC is Sunday 21:00 in Berlin; Monday starts at 23:00 UTC.
    const start = Date.parse('2026-11-15T20:00:00Z');
    const steps: Step[] = [
      { play: { [C]: 15 } }, { play: { [C]: 15 } }, { play: { [C]: 15 } }, // Sunday: last week
      ...idle(9),
      { play: { [A]: 15, [B]: 15, [C]: 5 } }, // Monday 00:00–00:15 Berlin
      { play: { [A]: 15, [B]: 15 } },
    ];
    const record = buildRecord(start, { [A]: {}, [B]: {}, [C]: {} }, steps);
    const now = start + steps.length * Q;
    const ranks = [A, B, C].map((u) => playerActivity(record, u, { now, timeZone: 'Europe/Berlin' }).rank_this_week);
    assert.deepEqual(ranks, [1, 1, 3]);
    const a = playerActivity(record, A, { now, timeZone: 'Europe/Berlin' });
    assert.equal(a.week_starts_at, '2026-11-15T23:00:00.000Z');
    // In UTC the current week began on Monday 2026-11-09, so C's Sunday play counts: C leads.
    const utc = [A, B, C].map((u) => playerActivity(record, u, { now, timeZone: 'UTC' }).rank_this_week);
    assert.deepEqual(utc, [2, 2, 1]);
  });

  test('now must be a number: the clock is injected', () => {
    assert.throws(() => playerActivity(emptyRecord(), A, { now: undefined as never }), /options\.now/);
  });
});
