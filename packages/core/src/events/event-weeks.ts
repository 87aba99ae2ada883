import { localCalendar } from '../activity/local-calendar.js';
import type { ActivityRecord } from '../record/types.js';
import { eventStats } from './event-stats.js';

/** The event configuration (DECISIONS 16). */
export interface EventConfig {
  /** IANA zone whose Monday 00:00 starts each event. Default `UTC`. */
  timeZone?: string;
  /** Stat ids to pick from, one per week. */
  pool: readonly string[];
  /** Week number → stat id, overriding the pick (week 1 is the week recording began in). */
  schedule?: Readonly<Record<number, string>>;
}

/** One event week. */
export interface EventWeek {
  week: number;
  start: number;
  end: number;
  stat: string | null;
}

/**
 * Every event week from the one recording began in to the one holding `now` (oldest first),
 * with its stat. A finished week keeps the stat the recorder stored for it, so editing the
 * pool or schedule later cannot rewrite a past event; the running week follows the
 * configuration. Weeks without a stored choice get the schedule's entry or the pool's pick.
 */
export function eventWeeks(record: ActivityRecord, now: number, config: EventConfig): EventWeek[] {
  if (!Array.isArray(config.pool) || !config.pool.every((s) => typeof s === 'string' && s !== '')) {
    throw new TypeError('the event pool must be an array of stat ids');
  }
  const since = record.recordingSince ?? now;
  if (since > now) return [];
  const calendar = localCalendar(config.timeZone ?? 'UTC');
  const count = calendar.weeksBetween(since, now) + 1;
  const weeks: EventWeek[] = [];
  const schedule: Record<number, string> = { ...config.schedule };
  let start = calendar.startOfWeek(since);
  for (let week = 1; week <= count; week++) {
    const end = calendar.startOfNextWeek(start);
    const stored = record.events[start];
    if (stored !== undefined && now >= end) schedule[week] = stored;
    weeks.push({ week, start, end, stat: null });
    start = end;
  }
  const stats = eventStats(count, config.pool, schedule);
  for (const w of weeks) w.stat = stats[w.week - 1] ?? null;
  return weeks;
}
