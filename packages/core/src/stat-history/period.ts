import { QueryError } from '../queries/query-error.js';
import { dayOfDate, serverDayDate, weekdayOf } from './server-day.js';

/** A period of server days, both ends included. */
export interface Period {
  /** The parameter's value it came from (`week`, `2026-W47`…). */
  name: string;
  first: number;
  last: number;
}

/** The period names besides explicit ISO weeks (`2026-W47`) and months (`2026-11`). */
export const PERIOD_NAMES = ['week', 'month', 'year', 'last_week', 'last_month', '7d', '30d'] as const;

const ISO_WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** Monday of ISO week `week` of ISO year `year` (the week holding 4 January is week 1). */
function isoWeekMonday(year: number, week: number): number {
  const jan4 = dayOfDate(year, 1, 4);
  return jan4 - weekdayOf(jan4) + (week - 1) * 7;
}

function monthOf(day: number): { year: number; month: number } {
  const [y, m] = serverDayDate(day).split('-').map(Number) as [number, number];
  return { year: y, month: m };
}

/**
 * Resolves a `period` value against `today` (the server day of the last pull): `week`, `month`,
 * `year` run from the start of the current calendar period (Monday-based weeks) to today;
 * `last_week`, `last_month` are the whole previous ones; `7d`, `30d` end today; `2026-W47` is an
 * ISO week and `2026-11` a month. Throws a `QueryError` naming `parameter` for anything else.
 *
 * @example
 * const today = 20_411; // Thursday 2025-11-19… as a server day
 * resolvePeriod('7d', today); // { name: '7d', first: 20_405, last: 20_411 }
 */
export function resolvePeriod(value: string, today: number, parameter = 'period'): Period {
  const name = value;
  const { year, month } = monthOf(today);
  switch (value) {
    case 'week':
      return { name, first: today - weekdayOf(today), last: today };
    case 'month':
      return { name, first: dayOfDate(year, month, 1), last: today };
    case 'year':
      return { name, first: dayOfDate(year, 1, 1), last: today };
    case 'last_week': {
      const monday = today - weekdayOf(today) - 7;
      return { name, first: monday, last: monday + 6 };
    }
    case 'last_month':
      return { name, first: dayOfDate(year, month - 1, 1), last: dayOfDate(year, month, 1) - 1 };
    case '7d':
      return { name, first: today - 6, last: today };
    case '30d':
      return { name, first: today - 29, last: today };
  }
  const week = ISO_WEEK.exec(value);
  if (week) {
    const y = Number(week[1]);
    const w = Number(week[2]);
    const weeks = isoWeekMonday(y + 1, 1) - isoWeekMonday(y, 1) === 7 * 53 ? 53 : 52;
    if (w >= 1 && w <= weeks) {
      const monday = isoWeekMonday(y, w);
      return { name, first: monday, last: monday + 6 };
    }
    throw new QueryError('invalid', parameter, `${parameter}: ${y} has ISO weeks 1 to ${weeks}, got ${JSON.stringify(value)}`);
  }
  const m = MONTH.exec(value);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) {
    const y = Number(m[1]);
    const mo = Number(m[2]);
    return { name, first: dayOfDate(y, mo, 1), last: dayOfDate(y, mo + 1, 1) - 1 };
  }
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  throw new QueryError('invalid', parameter, `${parameter} must be one of ${PERIOD_NAMES.join(', ')}, an ISO week (2026-W47) or a month (2026-11); got ${JSON.stringify(shown)}`);
}

/** The period as dates, for `meta.period`: `{ name, from: 'YYYY-MM-DD', to: 'YYYY-MM-DD' }`. */
export function periodDates(period: Period): { name: string; from: string; to: string } {
  return { name: period.name, from: serverDayDate(period.first), to: serverDayDate(period.last) };
}
