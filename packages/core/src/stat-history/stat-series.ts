import type { Snapshot } from '../snapshot/types.js';
import { snapshotIndex } from '../queries/snapshot-index.js';
import { value, type Value } from '../value/value.js';
import { serverDayDate, weekdayOf } from './server-day.js';
import { historiesSince, historiesToday } from './snapshot-gains.js';
import type { StatHistory } from './stat-history.js';

/** One week of a player's series: its ISO week, first and last day, and the gain. */
export interface WeeklyPoint extends Value {
  /** ISO week, `2026-W47`. */
  week: string;
  from: string;
  to: string;
}

/** One server day of the server's totals. */
export interface DailyTotal extends Value {
  date: string;
  /** Visible players who gained that day. */
  players: number;
}

/** The ISO week name of the week starting on Monday `monday` (a server day). */
export function isoWeekName(monday: number): string {
  const thursday = monday + 3;
  const year = Number(serverDayDate(thursday).slice(0, 4));
  const jan4 = Math.round(Date.UTC(year, 0, 4) / 86_400_000);
  const week = Math.floor((thursday - (jan4 - weekdayOf(jan4))) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * A player's weekly gains of one statistic since recording began (issue 41): one point per week
 * (Monday to Sunday, server days), zeros included, the current week last and partial. Never
 * finer than a week: the privacy rules publish totals, not when someone played. The gains add
 * up over `histories` (a network's servers). Null for a stat that is not tracked.
 *
 * @example
 * ```ts
 * weeklySeries(snapshot, [history], uuid, 'play_time')?.map((w) => `${w.week}: ${w.display}`);
 * ```
 */
export function weeklySeries(snapshot: Snapshot, histories: readonly StatHistory[], uuid: string, statId: string): WeeklyPoint[] | null {
  const index = snapshotIndex(snapshot).byStat.get(statId);
  if (index === undefined) return null;
  const unit = snapshot.stats[index]!.unit;
  const since = historiesSince(histories);
  const today = historiesToday(histories);
  if (since === null || today === null) return [];
  const first = since - weekdayOf(since);
  const weeks = new Float64Array(Math.floor((today - first) / 7) + 1);
  for (const history of histories) {
    const column = history.stats.indexOf(statId);
    if (column < 0) continue;
    for (const [day, gain] of history.playerDailyGains(uuid, column)) weeks[Math.floor((day - first) / 7)]! += gain;
  }
  return Array.from(weeks, (gain, w) => {
    const monday = first + w * 7;
    return { week: isoWeekName(monday), from: serverDayDate(monday), to: serverDayDate(monday + 6), ...value(gain, unit) };
  });
}

/**
 * The server's gains of one statistic per server day from `first` to `last` (issue 41), summed
 * over the snapshot's players (hidden ones are not in it) and over `histories`; days before
 * recording began are left out. Null for a stat that is not tracked.
 *
 * @example
 * ```ts
 * dailyTotals(snapshot, [history], 'play_time', 20_400, 20_413)?.map((d) => `${d.date}: ${d.display}`);
 * ```
 */
export function dailyTotals(snapshot: Snapshot, histories: readonly StatHistory[], statId: string, first: number, last: number): DailyTotal[] | null {
  const index = snapshotIndex(snapshot).byStat.get(statId);
  if (index === undefined) return null;
  const unit = snapshot.stats[index]!.unit;
  const visible = new Set(snapshot.players.map((p) => p.uuid));
  const byDay = new Map<number, [number, number]>();
  for (const history of histories) {
    const column = history.stats.indexOf(statId);
    if (column < 0) continue;
    const shown = Uint8Array.from(history.uuids, (u) => (visible.has(u) ? 1 : 0));
    for (const [day, total, players] of history.dailyTotals(column, (p) => shown[p] === 1)) {
      if (day < first || day > last) continue;
      const sum = byDay.get(day) ?? [0, 0];
      // A player on two servers of a network counts once per server here: close enough for a count.
      byDay.set(day, [sum[0] + total, sum[1] + players]);
    }
  }
  return [...byDay.entries()].sort((a, b) => a[0] - b[0]).map(([day, [total, players]]) => ({ date: serverDayDate(day), ...value(total, unit), players }));
}
