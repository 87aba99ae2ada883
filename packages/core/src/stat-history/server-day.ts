import { localCalendar } from '../activity/local-calendar.js';

const DAY = 86_400_000;

/**
 * The server day of an instant: its local date in the server's time zone, as whole days since
 * 1970-01-01 (DECISIONS 14: days and weeks are local). The stat history numbers its days so.
 *
 * @example
 * serverDay(Date.parse('2026-11-16T23:30:00Z'), 'Europe/Berlin'); // 20_409 (2026-11-17)
 */
export function serverDay(t: number, timeZone: string): number {
  const wall = localCalendar(timeZone).wall(t);
  return Math.round(Date.UTC(wall.year, wall.month - 1, wall.day) / DAY);
}

/** `YYYY-MM-DD` of a server day. */
export function serverDayDate(day: number): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

/** The server day of a date's fields (month 1–12). */
export function dayOfDate(year: number, month: number, date: number): number {
  return Math.round(Date.UTC(year, month - 1, date) / DAY);
}

/** The ISO weekday of a server day: 0 Monday … 6 Sunday. */
export function weekdayOf(day: number): number {
  return (((day + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}
