import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, idle, Q, type Step } from '../../test/record-builder.js';
import { emptyRecord } from '../record/empty-record.js';
import { serverActivity } from './server-activity.js';

const A = '00000000-0000-0000-0000-00000000000a';
const B = '00000000-0000-0000-0000-00000000000b';

describe('serverActivity(record, { now, timeZone, days })', () => {
  test('a day boundary in a non-UTC zone: windows count toward the local day they start in', () => {
    // New York, 2026-11-16 (EST, UTC-5): local midnight is 05:00 UTC.
    const start = Date.parse('2026-11-17T04:30:00Z'); // 23:30 local on the 16th
    const steps: Step[] = [
      { play: { [A]: 15 }, die: { [A]: 1 } }, // 23:30–23:45 local, the 16th
      { play: { [A]: 15, [B]: 15 } }, // 23:45–00:00, still the 16th
      { play: { [B]: 15 }, die: { [B]: 2 } }, // 00:00–00:15, the 17th
      ...idle(2),
    ];
    const now = start + steps.length * Q;
    const a = serverActivity(buildRecord(start, { [A]: {}, [B]: {} }, steps), { now, timeZone: 'America/New_York' });
    assert.equal(a.time_zone, 'America/New_York');
    assert.equal(a.recording_since, '2026-11-17T04:30:00.000Z');
    assert.deepEqual(a.daily, [
      { date: '2026-11-17', starts_at: '2026-11-17T05:00:00.000Z', active_players: 1, hours_played: 0.25, deaths: 2 },
      { date: '2026-11-16', starts_at: '2026-11-16T05:00:00.000Z', active_players: 2, hours_played: 0.75, deaths: 1 },
    ]);
    assert.deepEqual(a.hour_of_day[23], { hour: 23, average_players: 1.5, windows: 2 });
    assert.deepEqual(a.hour_of_day[0], { hour: 0, average_players: 0.33, windows: 3 });
    assert.deepEqual(a.hour_of_day[12], { hour: 12, average_players: null, windows: 0 });
  });

  test('an hour boundary across a DST change: the repeated local hour collects both hours of windows', () => {
    // Berlin falls back on 2024-10-27 at 03:00 CEST (01:00 UTC) to 02:00 CET.
    const start = Date.parse('2024-10-27T00:00:00Z'); // 02:00 CEST
    const steps: Step[] = [
      ...Array.from({ length: 4 }, () => ({ play: { [A]: 15 } })), // 02:00–03:00 CEST: A
      ...Array.from({ length: 4 }, () => ({ play: { [A]: 15, [B]: 15 } })), // 02:00–03:00 CET: A and B
      ...Array.from({ length: 4 }, () => ({ play: { [B]: 15 } })), // 03:00–04:00 CET: B
    ];
    const now = start + steps.length * Q;
    const a = serverActivity(buildRecord(start, { [A]: {}, [B]: {} }, steps), { now, timeZone: 'Europe/Berlin' });
    assert.deepEqual(a.hour_of_day[2], { hour: 2, average_players: 1.5, windows: 8 });
    assert.deepEqual(a.hour_of_day[3], { hour: 3, average_players: 1, windows: 4 });
    assert.deepEqual(a.daily, [
      // The 25-hour day starts at 22:00 UTC the day before (CEST midnight).
      { date: '2024-10-27', starts_at: '2024-10-26T22:00:00.000Z', active_players: 2, hours_played: 4, deaths: 0 },
    ]);
  });

  test('a window longer than an hour (the recorder was down) counts toward the day, not toward hour_of_day', () => {
    const start = Date.parse('2026-11-16T08:00:00Z');
    const steps: Step[] = [{ play: { [A]: 60 }, after: 4 * 60 * 60_000 }, { play: { [A]: 15 } }];
    const now = start + 4 * 60 * 60_000 + Q;
    const a = serverActivity(buildRecord(start, { [A]: {} }, steps), { now });
    assert.deepEqual(a.hour_of_day[8], { hour: 8, average_players: null, windows: 0 });
    assert.deepEqual(a.hour_of_day[12], { hour: 12, average_players: 1, windows: 1 });
    assert.equal(a.daily[0]!.hours_played, 1.25);
  });

  test('daily covers the last `days` local days, today included, and nothing before recording began', () => {
    const start = Date.parse('2026-11-10T12:00:00Z');
    const steps = idle(4 * 24 * 6);
    const record = buildRecord(start, { [A]: {} }, steps);
    const now = start + steps.length * Q; // 2026-11-16 12:00
    assert.deepEqual(serverActivity(record, { now }).daily.map((d) => d.date), [
      '2026-11-16', '2026-11-15', '2026-11-14', '2026-11-13', '2026-11-12', '2026-11-11', '2026-11-10',
    ]);
    assert.deepEqual(serverActivity(record, { now, days: 3 }).daily.map((d) => d.date), ['2026-11-16', '2026-11-15', '2026-11-14']);
    assert.equal(serverActivity(record, { now, days: 3 }).hour_of_day[12]!.windows, 8, 'hours from the 3 days only');
  });

  test('an empty record has empty activity; bad options are refused', () => {
    const a = serverActivity(emptyRecord(), { now: 0 });
    assert.deepEqual(a.daily, []);
    assert.equal(a.hour_of_day.length, 24);
    assert.equal(a.recording_since, null);
    assert.throws(() => serverActivity(emptyRecord(), { now: 0, days: 0 }), /days must be an integer/);
    assert.throws(() => serverActivity(emptyRecord(), { now: 0, timeZone: 'Nowhere/Land' }), /unknown time zone/);
  });
});
