import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, DAY, idle, Q, type Step } from '../../test/record-builder.js';
import { emptyRecord } from '../record/empty-record.js';
import { populationHistory } from './population-history.js';

const A = '00000000-0000-0000-0000-00000000000a';

describe('populationHistory(record, { now, timeZone, resolution, limit, offset })', () => {
  // Samples every 15 minutes from 10:00: 0 (first pull), 2, 4, ping failure, 3, 5, 1.
  const start = Date.parse('2026-11-16T10:00:00Z');
  const online = [2, 4, null, 3, 5, 1];
  const record = buildRecord(start, { [A]: {} }, online.map((o): Step => ({ online: o })));
  const now = start + online.length * Q; // 11:30

  test('raw: every sample of the last 48 hours, newest first, online null where the ping failed', () => {
    const h = populationHistory(record, { now, resolution: 'raw' });
    assert.deepEqual(h.series, [
      { at: '2026-11-16T11:30:00.000Z', online: 1 },
      { at: '2026-11-16T11:15:00.000Z', online: 5 },
      { at: '2026-11-16T11:00:00.000Z', online: 3 },
      { at: '2026-11-16T10:45:00.000Z', online: null },
      { at: '2026-11-16T10:30:00.000Z', online: 4 },
      { at: '2026-11-16T10:15:00.000Z', online: 2 },
      { at: '2026-11-16T10:00:00.000Z', online: 0 },
    ]);
    assert.equal(h.total, 7);
    assert.equal(populationHistory(record, { now: now + 2 * DAY - 20 * 60_000, resolution: 'raw' }).total, 2);
  });

  test('hourly (the default): average and peak of the successful samples, failed pings counted offline', () => {
    const h = populationHistory(record, { now });
    assert.equal(h.resolution, 'hourly');
    assert.deepEqual(h.series, [
      { starts_at: '2026-11-16T11:00:00.000Z', ends_at: '2026-11-16T12:00:00.000Z', average_online: 3, peak_online: 5, samples: 3, offline_samples: 0 },
      { starts_at: '2026-11-16T10:00:00.000Z', ends_at: '2026-11-16T11:00:00.000Z', average_online: 2, peak_online: 4, samples: 4, offline_samples: 1 },
    ]);
    assert.deepEqual(h.peak, { online: 5, at: '2026-11-16T11:15:00.000Z' });
    assert.deepEqual(h.hour_of_day[10], { hour: 10, average_online: 2, samples: 3 });
    assert.equal(h.recording_since, '2026-11-16T10:00:00.000Z');
  });

  test('an hour boundary in a half-hour zone: Kolkata hours start at :30 UTC', () => {
    const h = populationHistory(record, { now, timeZone: 'Asia/Kolkata' });
    assert.deepEqual(h.series.map((b) => 'starts_at' in b && [b.starts_at, b.samples, b.offline_samples]), [
      ['2026-11-16T11:30:00.000Z', 1, 0], // 17:00–18:00 IST: 11:30
      ['2026-11-16T10:30:00.000Z', 4, 1], // 16:00–17:00 IST: 10:30, 10:45 (failed), 11:00, 11:15
      ['2026-11-16T09:30:00.000Z', 2, 0], // 15:00–16:00 IST: 10:00, 10:15
    ]);
    assert.deepEqual(h.hour_of_day[16], { hour: 16, average_online: 4, samples: 3 });
  });

  test('a DST change: the repeated hour is two buckets, the long day one 25-hour bucket', () => {
    // New York falls back on 2024-11-03 at 06:00 UTC (02:00 EDT → 01:00 EST).
    const t = Date.parse('2024-11-03T05:00:00Z'); // 01:00 EDT
    const r = buildRecord(t, {}, Array.from({ length: 8 }, (_, i): Step => ({ online: i + 1 })));
    const end = t + 8 * Q;
    const hourly = populationHistory(r, { now: end, timeZone: 'America/New_York' });
    assert.deepEqual(hourly.series.map((b) => 'starts_at' in b && [b.starts_at, b.ends_at, b.samples]), [
      ['2024-11-03T07:00:00.000Z', '2024-11-03T08:00:00.000Z', 1], // 02:00 EST
      ['2024-11-03T06:00:00.000Z', '2024-11-03T07:00:00.000Z', 4], // 01:00 EST, the second time
      ['2024-11-03T05:00:00.000Z', '2024-11-03T06:00:00.000Z', 4], // 01:00 EDT
    ]);
    assert.deepEqual(hourly.hour_of_day[1], { hour: 1, average_online: 3.5, samples: 8 });
    const daily = populationHistory(r, { now: end, timeZone: 'America/New_York', resolution: 'daily' });
    assert.deepEqual(daily.series, [{
      starts_at: '2024-11-03T04:00:00.000Z', ends_at: '2024-11-04T05:00:00.000Z', date: '2024-11-03',
      average_online: 4, peak_online: 8, samples: 9, offline_samples: 0,
    }]);
  });

  test('daily covers all time; empty buckets stay in the series; limit and offset page newest first', () => {
    const t = Date.parse('2026-09-01T12:00:00Z');
    const steps: Step[] = [{ online: 3 }, { online: 7, after: 20 * DAY }, ...idle(4, null)];
    const r = buildRecord(t, {}, steps);
    const end = t + 20 * DAY + 5 * Q;
    const daily = populationHistory(r, { now: end, resolution: 'daily' });
    assert.equal(daily.total, 21);
    assert.deepEqual(daily.series[0], {
      starts_at: '2026-09-21T00:00:00.000Z', ends_at: '2026-09-22T00:00:00.000Z', date: '2026-09-21',
      average_online: 7, peak_online: 7, samples: 5, offline_samples: 4,
    });
    assert.deepEqual(daily.series[10], {
      starts_at: '2026-09-11T00:00:00.000Z', ends_at: '2026-09-12T00:00:00.000Z', date: '2026-09-11',
      average_online: null, peak_online: null, samples: 0, offline_samples: 0,
    });
    const page = populationHistory(r, { now: end, resolution: 'daily', limit: 2, offset: 19 });
    assert.deepEqual(page.series.map((b) => 'date' in b && b.date), ['2026-09-02', '2026-09-01']);
    assert.equal(page.total, 21);
    // Hourly holds the hours that started in the last 30 days (empty ones too); the all-time
    // peak does not depend on the resolution.
    const hourly = populationHistory(r, { now: end + 15 * DAY });
    assert.equal(hourly.total, 30 * 24);
    assert.equal((hourly.series.at(-1) as { starts_at: string }).starts_at, '2026-09-06T14:00:00.000Z');
    assert.deepEqual(hourly.peak, { online: 7, at: '2026-09-21T12:15:00.000Z' });
  });

  test('no pulls: empty series, no peak; bad options are refused', () => {
    const h = populationHistory(emptyRecord(), { now: Date.parse('2026-11-16T10:00:00Z') });
    assert.deepEqual([h.series, h.total, h.peak, h.recording_since], [[], 0, null, null]);
    assert.throws(() => populationHistory(emptyRecord(), { now: 0, resolution: 'weekly' as never }), /resolution must be one of raw, hourly, daily/);
    assert.throws(() => populationHistory(emptyRecord(), { now: 0, limit: 1.5 }), /limit/);
  });
});
