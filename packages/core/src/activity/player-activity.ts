import type { ActivityRecord } from '../record/types.js';
import { checkNow, isoOrNull } from './check-now.js';
import { localCalendar } from './local-calendar.js';
import { endsBefore, periodTotals, roundTotals, type ActivityTotals } from './period-totals.js';
import { playerWindows, windowedPlayers } from './player-windows.js';
import { rankOrder, type PlayerNames } from './rank-order.js';

const DAY = 86_400_000;

/** Options of `playerActivity`. */
export interface PlayerActivityOptions {
  /** The current time (epoch ms): the clock is injected. */
  now: number;
  /** IANA zone whose Monday 00:00 starts "this week" (DECISIONS 14, 16). Default `UTC`. */
  timeZone?: string;
  /** Names by uuid, only to order ties (DECISIONS 10); ranks do not depend on it. */
  names?: PlayerNames;
  /**
   * `weekRanks(record, options)` for the same record, `now` and zone, when the caller keeps it
   * (it reads every player's windows: one computation serves every profile until the next pull).
   */
  weekRanks?: ReadonlyMap<string, number>;
}

/** SPEC "Player activity": totals only, never a session's start or end. */
export interface PlayerActivity {
  uuid: string;
  /** False when nothing has been recorded for the player since recording began. */
  active: boolean;
  /** When recording began (ISO 8601), or null before the first pull. */
  recording_since: string | null;
  /** Windows within the last 7 × 24 hours. */
  last_7_days: ActivityTotals;
  /** Windows within the last 30 × 24 hours. */
  last_30_days: ActivityTotals;
  /** Since recording began. */
  all_time: ActivityTotals;
  /** Rank by minutes played this week (Monday 00:00 local to now), null without play this week. */
  rank_this_week: number | null;
  /** Monday 00:00 local of the current week (ISO 8601 UTC). */
  week_starts_at: string;
}

/**
 * A player's activity from the record: minutes played, sessions and deaths over the last 7
 * days, the last 30 days and all time, and their rank by minutes this week.
 *
 * A player the record has never seen gets zeros and `active: false` (resolving the player, and
 * answering 404 for an unknown one, is the caller's job).
 *
 * @example
 * ```ts
 * const a = playerActivity(record, '069a79f4-44e9-4726-a5be-fca90e38aaf5', { now: Date.now(), timeZone: 'Europe/Berlin' });
 * a.last_7_days; // { minutes: 312, hours: 5.2, sessions: 4, deaths: 1 }
 * a.rank_this_week; // 2
 * ```
 */
export function playerActivity(record: ActivityRecord, uuid: string, options: PlayerActivityOptions): PlayerActivity {
  const now = checkNow(options.now);
  const calendar = localCalendar(options.timeZone ?? 'UTC');
  const weekStart = calendar.startOfWeek(now);
  const track = record.players[uuid];
  const windows = track ? playerWindows(record, track) : [];
  const all = periodTotals(record, windows, -Infinity, now);

  const ranks = options.weekRanks ?? weekRanks(record, options);

  return {
    uuid,
    active: windows.length > 0,
    recording_since: isoOrNull(record.recordingSince),
    last_7_days: roundTotals(periodTotals(record, windows, now - 7 * DAY, now)),
    last_30_days: roundTotals(periodTotals(record, windows, now - 30 * DAY, now)),
    all_time: roundTotals(all),
    rank_this_week: ranks.get(uuid) ?? null,
    week_starts_at: new Date(weekStart).toISOString(),
  };
}

/**
 * Every player's rank by minutes played this week (Monday 00:00 local to `now`), by uuid; players
 * without play this week are absent. `playerActivity`'s `rank_this_week` reads it.
 *
 * @example
 * ```ts
 * const ranks = weekRanks(record, { now: Date.now(), timeZone: 'Europe/Berlin' });
 * ranks.get('069a79f4-44e9-4726-a5be-fca90e38aaf5'); // 3
 * ```
 */
export function weekRanks(record: ActivityRecord, options: PlayerActivityOptions): Map<string, number> {
  const now = checkNow(options.now);
  const weekStart = localCalendar(options.timeZone ?? 'UTC').startOfWeek(now);
  // Only the players with a window this week are summed (the others played nothing).
  const week: Array<{ uuid: string; minutes: number }> = [];
  for (const { uuid, windows } of windowedPlayers(record)) {
    if (endsBefore(record, windows, weekStart)) continue;
    const minutes = Math.round(periodTotals(record, windows, weekStart, now).minutes);
    if (minutes > 0) week.push({ uuid, minutes });
  }
  const ranked = rankOrder(week, (r) => r.minutes, options.names);
  return new Map(ranked.map((r) => [r.uuid, r.rank]));
}
