import type { ActivityRecord } from '../record/types.js';
import type { PlayerWindow } from './player-windows.js';

/** A player's totals over a period: the only shape per-player activity leaves the package in. */
export interface ActivityTotals {
  /** Minutes played (play-time gain per window, capped at the window), rounded. */
  minutes: number;
  /** The same as hours, two decimals. */
  hours: number;
  /** Runs of consecutive windows online (DECISIONS 15); a run reaching into the period counts. */
  sessions: number;
  deaths: number;
}

/** Raw sums before rounding, so callers can rank on exact minutes. */
export interface RawTotals {
  minutes: number;
  sessions: number;
  deaths: number;
}

/** Sums the windows that lie within `[from, to]` (a window belongs when it starts and ends inside). */
export function periodTotals(record: ActivityRecord, windows: readonly PlayerWindow[], from: number, to: number): RawTotals {
  const { times } = record;
  let minutes = 0;
  let sessions = 0;
  let deaths = 0;
  let previousOnline = -2;
  for (const w of windows) {
    if (times[w.pull - 1]! < from || times[w.pull]! > to) {
      if (w.online) previousOnline = w.pull;
      continue;
    }
    minutes += w.minutes;
    deaths += w.deaths;
    if (w.online) {
      const continues = previousOnline === w.pull - 1 && times[w.pull - 2]! >= from;
      if (!continues) sessions++;
      previousOnline = w.pull;
    }
  }
  return { minutes, sessions, deaths };
}

/**
 * Whether no window of `windows` (oldest first) starts at or after `from`: then none lies in a
 * period from `from` on, and its totals are zero (most players of a large server in a week).
 */
export function endsBefore(record: ActivityRecord, windows: readonly PlayerWindow[], from: number): boolean {
  const last = windows[windows.length - 1];
  return last === undefined || record.times[last.pull - 1]! < from;
}

/** Rounds raw totals for output. */
export function roundTotals(raw: RawTotals): ActivityTotals {
  return {
    minutes: Math.round(raw.minutes),
    hours: Math.round((raw.minutes / 60) * 100) / 100,
    sessions: raw.sessions,
    deaths: raw.deaths,
  };
}
