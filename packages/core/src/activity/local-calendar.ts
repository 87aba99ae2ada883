/**
 * Wall-clock arithmetic in one IANA time zone, with nothing but `Intl.DateTimeFormat`.
 *
 * DECISIONS 14: "local hour" and week boundaries use the configured time zone. Days are 23 or
 * 25 hours long across a DST change and an hour can occur twice, so every boundary here is an
 * instant (epoch ms) found from the zone's own rules, never `t - t % 86_400_000`.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Time-zone rules since 1970 change offsets on quarter hours of UTC; cache offsets per slot. */
const SLOT = 900_000;

/** A local wall time, as its fields. `weekday` is 0 for Monday … 6 for Sunday (ISO order). */
export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

/** Boundaries of local hours, days and Monday-based weeks in one time zone. */
export interface LocalCalendar {
  readonly timeZone: string;
  /** UTC offset (ms, east positive) in force at `t`. */
  offset(t: number): number;
  wall(t: number): WallTime;
  /** Local date of `t` as `YYYY-MM-DD`. */
  dateKey(t: number): string;
  /** First instant of the local hour holding `t` (a repeated hour gives two distinct starts). */
  startOfHour(t: number): number;
  /** First instant of the local day holding `t`. */
  startOfDay(t: number): number;
  /** First instant of the day after the local day holding `t`. */
  startOfNextDay(t: number): number;
  /** Monday 00:00 local of the week holding `t` (DECISIONS 16). */
  startOfWeek(t: number): number;
  /** Monday 00:00 local of the week after the one holding `t`. */
  startOfNextWeek(t: number): number;
  /** Whole weeks from the week holding `from` to the week holding `to` (wall dates, DST-proof). */
  weeksBetween(from: number, to: number): number;
}

const calendars = new Map<string, LocalCalendar>();

/**
 * The calendar of an IANA time zone (`UTC`, `Europe/Berlin`, `America/New_York`).
 *
 * Throws a `RangeError` naming the zone when the runtime does not know it.
 *
 * @example
 * ```ts
 * const berlin = localCalendar('Europe/Berlin');
 * new Date(berlin.startOfDay(Date.parse('2024-03-31T12:00:00Z'))).toISOString();
 * // '2024-03-30T23:00:00.000Z' (midnight CET; that day is 23 hours long)
 * ```
 */
export function localCalendar(timeZone: string): LocalCalendar {
  const cached = calendars.get(timeZone);
  if (cached) return cached;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw new RangeError(`unknown time zone '${timeZone}': expected an IANA name such as UTC or Europe/Berlin`);
  }
  const calendar = makeCalendar(format.resolvedOptions().timeZone, format);
  calendars.set(timeZone, calendar);
  return calendar;
}

function makeCalendar(timeZone: string, format: Intl.DateTimeFormat): LocalCalendar {
  const offsets = new Map<number, number>();
  const dayStarts = new Map<number, number>();

  function offsetAtSlot(slot: number): number {
    let cached = offsets.get(slot);
    if (cached === undefined) {
      const at = slot * SLOT;
      const f: Record<string, number> = {};
      for (const part of format.formatToParts(at)) {
        if (part.type !== 'literal') f[part.type] = Number(part.value);
      }
      const asUtc = Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
      cached = asUtc - at;
      if (offsets.size > 500_000) offsets.clear();
      offsets.set(slot, cached);
    }
    return cached;
  }

  const offset = (t: number): number => offsetAtSlot(Math.floor(t / SLOT));
  /** Wall time of `t` written as if it were a UTC instant: lets Date's UTC getters read it. */
  const wallNumber = (t: number): number => t + offset(t);

  function wall(t: number): WallTime {
    const d = new Date(wallNumber(t));
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      weekday: (d.getUTCDay() + 6) % 7,
    };
  }

  /**
   * The first instant whose wall time is `w` (a wall time written as a UTC number). When `w`
   * falls in a spring-forward gap, the instant the gap ends (the first wall time after `w`).
   */
  function fromWall(w: number): number {
    const candidates = new Set([offset(w - DAY), offset(w), offset(w + DAY)]);
    let best = Infinity;
    for (const o of candidates) {
      const t = w - o;
      if (offset(t) === o && t < best) best = t;
    }
    if (best !== Infinity) return best;
    // A gap: before the transition the wall time is below w, after it above. Bisect for it.
    let lo = w - Math.max(...candidates);
    let hi = w - Math.min(...candidates);
    if (wallNumber(lo) > w) [lo, hi] = [hi, lo];
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (wallNumber(mid) < w) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  /** Start of the local day whose wall midnight is `w` (cached: days are asked for often). */
  function dayStartOfWall(w: number): number {
    let start = dayStarts.get(w);
    if (start === undefined) {
      start = fromWall(w);
      dayStarts.set(w, start);
    }
    return start;
  }

  const wallMidnight = (t: number): number => {
    const n = wallNumber(t);
    return n - (((n % DAY) + DAY) % DAY);
  };

  const calendar: LocalCalendar = {
    timeZone,
    offset,
    wall,
    dateKey(t) {
      return new Date(wallMidnight(t)).toISOString().slice(0, 10);
    },
    startOfHour(t) {
      // Offsets move by whole quarter hours, so the local minutes past the hour are also the
      // time since the local hour began, even in a repeated hour after a fall-back.
      const n = wallNumber(t);
      return t - (((n % HOUR) + HOUR) % HOUR);
    },
    startOfDay(t) {
      return dayStartOfWall(wallMidnight(t));
    },
    startOfNextDay(t) {
      return dayStartOfWall(wallMidnight(t) + DAY);
    },
    startOfWeek(t) {
      const w = wallMidnight(t);
      return dayStartOfWall(w - wall(t).weekday * DAY);
    },
    startOfNextWeek(t) {
      const w = wallMidnight(t);
      return dayStartOfWall(w + (7 - wall(t).weekday) * DAY);
    },
    weeksBetween(from, to) {
      const a = wallMidnight(from) - wall(from).weekday * DAY;
      const b = wallMidnight(to) - wall(to).weekday * DAY;
      return Math.round((b - a) / (7 * DAY));
    },
  };
  return calendar;
}
