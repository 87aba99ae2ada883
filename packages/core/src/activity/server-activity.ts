import type { ActivityRecord } from '../record/types.js';
import { checkNow, isoOrNull } from './check-now.js';
import { localCalendar } from './local-calendar.js';
import { endsBefore } from './period-totals.js';
import { windowedPlayers } from './player-windows.js';

/**
 * Windows longer than this (the service was down between two pulls) still count toward the
 * daily totals but not toward `hour_of_day`: a six-hour window "starting at 14:00" would credit
 * one local hour with everyone who played that afternoon.
 */
const MAX_HOUR_OF_DAY_WINDOW_MS = 3_600_000;

/** Options of `serverActivity`. */
export interface ServerActivityOptions {
  now: number;
  /** IANA zone of "local hour" and days (DECISIONS 14). Default `UTC`. */
  timeZone?: string;
  /** Local days covered by `daily` and `hour_of_day`, today included. Default 30. */
  days?: number;
}

/** Average players online in windows starting in one local hour. */
export interface HourOfDayActivity {
  /** Local hour, 0–23. */
  hour: number;
  /** Two decimals; null when no window started in that hour. */
  average_players: number | null;
  /** Windows that started in that hour (the average's sample size). */
  windows: number;
}

/** One local day, server-wide. */
export interface DailyActivity {
  /** Local date, `YYYY-MM-DD`. */
  date: string;
  /** Local midnight (ISO 8601 UTC). */
  starts_at: string;
  /** Distinct players online in a window starting that day. */
  active_players: number;
  /** Sum of minutes played, as hours with two decimals. */
  hours_played: number;
  deaths: number;
}

/** SPEC "Server activity". */
export interface ServerActivity {
  recording_since: string | null;
  time_zone: string;
  /** 24 entries, hour 0 first. */
  hour_of_day: HourOfDayActivity[];
  /** Newest day first, today (so far) included; days before recording began are left out. */
  daily: DailyActivity[];
}

/**
 * Server-wide activity from the record: average players online by local hour (over windows
 * starting in each hour) and, per local day, active players, hours played and deaths.
 * A window that spans midnight counts toward the day it started in.
 *
 * @example
 * ```ts
 * const a = serverActivity(record, { now: Date.now(), timeZone: 'Europe/Berlin' });
 * a.hour_of_day[20]; // { hour: 20, average_players: 6.42, windows: 120 }
 * a.daily[0]; // { date: '2026-11-16', starts_at: '2026-11-15T23:00:00.000Z', active_players: 14, hours_played: 31.75, deaths: 9 }
 * ```
 */
export function serverActivity(record: ActivityRecord, options: ServerActivityOptions): ServerActivity {
  const now = checkNow(options.now);
  const days = options.days ?? 30;
  if (!(Number.isInteger(days) && days >= 1)) throw new RangeError('days must be an integer ≥ 1');
  const calendar = localCalendar(options.timeZone ?? 'UTC');
  const { times } = record;

  // Local day starts, newest first, back to the day recording began.
  const dayStarts: number[] = [];
  if (record.recordingSince !== null && record.recordingSince <= now) {
    let start = calendar.startOfDay(now);
    while (dayStarts.length < days) {
      dayStarts.push(start);
      if (start <= record.recordingSince) break;
      start = calendar.startOfDay(start - 1);
    }
  }
  const from = dayStarts.at(-1) ?? Infinity;

  // Per closing pull: players online, minutes and deaths.
  const online = new Map<number, number>();
  const daily = new Map<number, { players: Set<string>; minutes: number; deaths: number }>(
    dayStarts.map((d) => [d, { players: new Set(), minutes: 0, deaths: 0 }]),
  );
  for (const { uuid, windows } of windowedPlayers(record)) {
    // A player whose windows all started before the first day counts nowhere.
    if (endsBefore(record, windows, from)) continue;
    for (const w of windows) {
      const start = times[w.pull - 1]!;
      if (start < from || times[w.pull]! > now) continue;
      const day = daily.get(calendar.startOfDay(start))!;
      day.minutes += w.minutes;
      day.deaths += w.deaths;
      if (w.online) {
        day.players.add(uuid);
        online.set(w.pull, (online.get(w.pull) ?? 0) + 1);
      }
    }
  }

  const hours = Array.from({ length: 24 }, () => ({ players: 0, windows: 0 }));
  for (let i = 1; i < times.length; i++) {
    const start = times[i - 1]!;
    if (start < from || times[i]! > now || times[i]! - start > MAX_HOUR_OF_DAY_WINDOW_MS) continue;
    const bucket = hours[calendar.wall(start).hour]!;
    bucket.windows++;
    bucket.players += online.get(i) ?? 0;
  }

  return {
    recording_since: isoOrNull(record.recordingSince),
    time_zone: calendar.timeZone,
    hour_of_day: hours.map((h, hour) => ({
      hour,
      average_players: h.windows === 0 ? null : Math.round((h.players / h.windows) * 100) / 100,
      windows: h.windows,
    })),
    daily: dayStarts.map((start) => {
      const d = daily.get(start)!;
      return {
        date: calendar.dateKey(start),
        starts_at: new Date(start).toISOString(),
        active_players: d.players.size,
        hours_played: Math.round((d.minutes / 60) * 100) / 100,
        deaths: d.deaths,
      };
    }),
  };
}
