import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { localCalendar } from './local-calendar.js';

const at = (iso: string): number => Date.parse(iso);
const iso = (t: number): string => new Date(t).toISOString();

describe('localCalendar(timeZone)', () => {
  const days: ReadonlyArray<{ zone: string; t: string; start: string; next: string; date: string; why: string }> = [
    { zone: 'UTC', t: '2026-11-16T12:00:00Z', start: '2026-11-16T00:00:00.000Z', next: '2026-11-17T00:00:00.000Z', date: '2026-11-16', why: 'plain UTC' },
    { zone: 'Europe/Berlin', t: '2024-03-31T12:00:00Z', start: '2024-03-30T23:00:00.000Z', next: '2024-03-31T22:00:00.000Z', date: '2024-03-31', why: 'spring forward: a 23-hour day' },
    { zone: 'Europe/Berlin', t: '2024-10-27T12:00:00Z', start: '2024-10-26T22:00:00.000Z', next: '2024-10-27T23:00:00.000Z', date: '2024-10-27', why: 'fall back: a 25-hour day' },
    { zone: 'America/New_York', t: '2024-11-03T03:30:00Z', start: '2024-11-02T04:00:00.000Z', next: '2024-11-03T04:00:00.000Z', date: '2024-11-02', why: 'late evening local is still the previous date' },
    { zone: 'America/Santiago', t: '2024-09-08T12:00:00Z', start: '2024-09-08T04:00:00.000Z', next: '2024-09-09T03:00:00.000Z', date: '2024-09-08', why: 'midnight skipped by DST: the day starts at 01:00' },
    { zone: 'Asia/Kolkata', t: '2024-04-07T12:10:00Z', start: '2024-04-06T18:30:00.000Z', next: '2024-04-07T18:30:00.000Z', date: '2024-04-07', why: 'half-hour offset' },
  ];
  for (const c of days) {
    test(`day boundaries: ${c.zone}, ${c.why}`, () => {
      const cal = localCalendar(c.zone);
      assert.equal(iso(cal.startOfDay(at(c.t))), c.start);
      assert.equal(iso(cal.startOfNextDay(at(c.t))), c.next);
      assert.equal(cal.dateKey(at(c.t)), c.date);
    });
  }

  test('hours: a repeated hour after fall-back is two distinct hours; a half-hour zone starts hours at :30 UTC', () => {
    const ny = localCalendar('America/New_York');
    // 2024-11-03: 01:00–02:00 EDT (05:00Z) and again 01:00–02:00 EST (06:00Z).
    assert.equal(iso(ny.startOfHour(at('2024-11-03T05:40:00Z'))), '2024-11-03T05:00:00.000Z');
    assert.equal(iso(ny.startOfHour(at('2024-11-03T06:40:00Z'))), '2024-11-03T06:00:00.000Z');
    assert.equal(ny.wall(at('2024-11-03T05:40:00Z')).hour, 1);
    assert.equal(ny.wall(at('2024-11-03T06:40:00Z')).hour, 1);
    const kolkata = localCalendar('Asia/Kolkata');
    assert.equal(iso(kolkata.startOfHour(at('2024-04-07T12:10:00Z'))), '2024-04-07T11:30:00.000Z');
    assert.equal(kolkata.wall(at('2024-04-07T12:10:00Z')).hour, 17);
  });

  test('weeks run Monday 00:00 to Monday 00:00 local, across a DST change', () => {
    const berlin = localCalendar('Europe/Berlin');
    // Sunday 2024-10-27 is the fall-back day; its week began Monday 21 October (CEST).
    assert.equal(iso(berlin.startOfWeek(at('2024-10-27T20:00:00Z'))), '2024-10-20T22:00:00.000Z');
    assert.equal(iso(berlin.startOfNextWeek(at('2024-10-27T20:00:00Z'))), '2024-10-27T23:00:00.000Z');
    // Monday 00:30 local belongs to the new week.
    assert.equal(iso(berlin.startOfWeek(at('2024-10-27T23:30:00Z'))), '2024-10-27T23:00:00.000Z');
    assert.equal(berlin.weeksBetween(at('2024-10-21T12:00:00Z'), at('2024-11-04T12:00:00Z')), 2);
    assert.equal(berlin.weeksBetween(at('2024-10-27T22:59:00Z'), at('2024-10-27T23:00:00Z')), 1);
  });

  test('an unknown zone is a RangeError naming it', () => {
    assert.throws(() => localCalendar('Mars/Olympus_Mons'), { name: 'RangeError', message: /unknown time zone 'Mars\/Olympus_Mons'/ });
  });
});
