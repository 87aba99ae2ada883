import { checkNow, isoOrNull } from '../activity/check-now.js';
import { localCalendar, type LocalCalendar } from '../activity/local-calendar.js';
import type { ActivityRecord } from '../record/types.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * SPEC `/v1/history` resolutions.
 *
 * @example
 * ```ts
 * HISTORY_RESOLUTIONS; // ['raw', 'hourly', 'daily']
 * ```
 */
export const HISTORY_RESOLUTIONS = ['raw', 'hourly', 'daily'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];

/** Options of `populationHistory`. */
export interface PopulationHistoryOptions {
  now: number;
  /** IANA zone of local hours and days (DECISIONS 14). Default `UTC`. */
  timeZone?: string;
  /** `raw` (last 48 hours, every sample), `hourly` (default, last 30 days), `daily` (all time). */
  resolution?: HistoryResolution;
  /** Page size of `series`; default every point. */
  limit?: number;
  offset?: number;
  /** Days of samples `hour_of_day` averages over. Default 30. */
  hourOfDayDays?: number;
}

/** A raw sample: the status ping's online count, null when the ping failed. */
export interface HistorySample {
  at: string;
  online: number | null;
}

/** An hourly or daily bucket of samples. */
export interface HistoryBucket {
  /** Local hour or local midnight (ISO 8601 UTC); a repeated hour after a DST change is two buckets. */
  starts_at: string;
  ends_at: string;
  /** Local date `YYYY-MM-DD` (daily buckets only). */
  date?: string;
  /** Mean of the successful samples, two decimals; null when none succeeded. */
  average_online: number | null;
  /** Highest successful sample; null when none succeeded. */
  peak_online: number | null;
  /** Samples taken in the bucket. */
  samples: number;
  /** Samples whose ping failed (counted as offline, not as 0 players). */
  offline_samples: number;
}

/** SPEC History: a page of the series plus hour-of-day averages and the all-time peak. */
export interface PopulationHistory {
  resolution: HistoryResolution;
  recording_since: string | null;
  time_zone: string;
  /** Newest first. */
  series: HistorySample[] | HistoryBucket[];
  /** Points in the whole series (all pages). */
  total: number;
  /** 24 entries: mean online count of the successful samples taken in each local hour. */
  hour_of_day: Array<{ hour: number; average_online: number | null; samples: number }>;
  /** The highest online count ever sampled and when (the first time it was reached). */
  peak: { online: number; at: string } | null;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * Population history from the status-ping samples of every pull. Not backfilled: nothing before
 * `recording_since`. Buckets cover every local hour (or day) from the first one with a sample
 * in range to the current one, empty ones included (`samples: 0`) so gaps stay visible.
 *
 * @example
 * ```ts
 * const h = populationHistory(record, { now: Date.now(), timeZone: 'Europe/Berlin', resolution: 'hourly', limit: 168 });
 * h.series[0]; // { starts_at: '2026-11-16T11:00:00.000Z', ends_at: '…', average_online: 4.5, peak_online: 6, samples: 4, offline_samples: 0 }
 * h.peak; // { online: 23, at: '2026-10-31T20:15:00.000Z' }
 * ```
 */
export function populationHistory(record: ActivityRecord, options: PopulationHistoryOptions): PopulationHistory {
  const now = checkNow(options.now);
  const resolution = options.resolution ?? 'hourly';
  if (!HISTORY_RESOLUTIONS.includes(resolution)) {
    throw new RangeError(`resolution must be one of ${HISTORY_RESOLUTIONS.join(', ')}`);
  }
  const offset = options.offset ?? 0;
  const limit = options.limit ?? Infinity;
  if (!(Number.isInteger(offset) && offset >= 0)) throw new RangeError('offset must be an integer ≥ 0');
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 1))) throw new RangeError('limit must be an integer ≥ 1');
  const hourOfDayDays = options.hourOfDayDays ?? 30;
  if (!(hourOfDayDays > 0)) throw new RangeError('hourOfDayDays must be > 0');
  const calendar = localCalendar(options.timeZone ?? 'UTC');

  // Samples up to now, oldest first.
  const { times, online } = record;
  let end = times.length;
  while (end > 0 && times[end - 1]! > now) end--;

  let series: HistorySample[] | HistoryBucket[];
  if (resolution === 'raw') {
    const raw: HistorySample[] = [];
    for (let i = end - 1; i >= 0 && times[i]! > now - 2 * DAY; i--) {
      raw.push({ at: new Date(times[i]!).toISOString(), online: online[i]! });
    }
    series = raw;
  } else if (resolution === 'hourly') {
    series = buckets(record, end, now, now - 30 * DAY, (t) => calendar.startOfHour(t), (s) => calendar.startOfHour(s + HOUR), null);
  } else {
    series = buckets(record, end, now, -Infinity, (t) => calendar.startOfDay(t), (s) => calendar.startOfNextDay(s), calendar);
  }

  const hours = Array.from({ length: 24 }, () => ({ sum: 0, samples: 0 }));
  let peak: { online: number; at: number } | null = null;
  for (let i = 0; i < end; i++) {
    const n = online[i];
    if (n == null) continue;
    if (peak === null || n > peak.online) peak = { online: n, at: times[i]! };
    if (times[i]! > now - hourOfDayDays * DAY) {
      const h = hours[calendar.wall(times[i]!).hour]!;
      h.sum += n;
      h.samples++;
    }
  }

  return {
    resolution,
    recording_since: isoOrNull(record.recordingSince),
    time_zone: calendar.timeZone,
    series: series.slice(offset, offset + limit) as PopulationHistory['series'],
    total: series.length,
    hour_of_day: hours.map((h, hour) => ({
      hour,
      average_online: h.samples === 0 ? null : round2(h.sum / h.samples),
      samples: h.samples,
    })),
    peak: peak && { online: peak.online, at: new Date(peak.at).toISOString() },
  };
}

/**
 * Buckets newest first: every bucket that starts after `from` (or, for all time, from the first
 * sample's) up to the bucket holding now.
 */
function buckets(
  record: ActivityRecord,
  end: number,
  now: number,
  from: number,
  startOf: (t: number) => number,
  next: (start: number) => number,
  dated: LocalCalendar | null,
): HistoryBucket[] {
  const { times, online } = record;
  if (end === 0) return [];
  let start = startOf(Math.max(from, times[0]!));
  if (start < from) start = next(start);
  let i = 0;
  while (i < end && times[i]! < start) i++;
  const out: HistoryBucket[] = [];
  const last = startOf(now);
  while (start <= last) {
    const stop = next(start);
    let sum = 0;
    let ok = 0;
    let failed = 0;
    let peak: number | null = null;
    for (; i < end && times[i]! < stop; i++) {
      const n = online[i];
      if (n == null) {
        failed++;
        continue;
      }
      sum += n;
      ok++;
      if (peak === null || n > peak) peak = n;
    }
    const bucket: HistoryBucket = {
      starts_at: new Date(start).toISOString(),
      ends_at: new Date(stop).toISOString(),
      average_online: ok === 0 ? null : round2(sum / ok),
      peak_online: peak,
      samples: ok + failed,
      offline_samples: failed,
    };
    if (dated) bucket.date = dated.dateKey(start);
    out.push(bucket);
    start = stop;
  }
  return out.reverse();
}
