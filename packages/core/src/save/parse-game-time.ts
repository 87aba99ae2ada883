// `yyyy-MM-dd HH:mm:ss Z` (AdvancementProgress.OBTAINED_TIME_FORMAT, also usercache `expiresOn`).
// Z is the JVM's default zone offset, so anything from -1200 to +1400 appears (DECISIONS 4).
// A 1.21 advancement file holds ~1,600 of these (recipes), so this is a hand-rolled scanner over
// char codes, not a regex plus a Date per call.

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Digits at [start, start + count) as a number, or -1 when any is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Parses a timestamp the game writes into advancement files and `usercache.json`
 * (`2024-05-01 18:03:11 +0200`) to epoch milliseconds, applying its UTC offset. The offset may
 * also be written `+02:00`. Returns null for anything else, including impossible dates such as
 * `2024-02-31`.
 *
 * @example
 * parseGameTime('2024-05-01 18:03:11 +0200'); // 1714579391000 (16:03:11 UTC)
 */
export function parseGameTime(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const length = text.length;
  if (length !== 25 && length !== 26) return null;
  if (
    text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 32 ||
    text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 32
  ) {
    return null;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  const sign = text.charCodeAt(20);
  const offsetHours = digits(text, 21, 2);
  const colon = length === 26;
  if (colon && text.charCodeAt(23) !== 58) return null;
  const offsetMinutes = digits(text, colon ? 24 : 23, 2);
  if (sign !== 43 && sign !== 45) return null;
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23) return null;
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  if (offsetHours < 0 || offsetHours > 18 || offsetMinutes < 0 || offsetMinutes > 59) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  if (day > monthDays) return null;
  const offset = (offsetHours * 60 + offsetMinutes) * (sign === 45 ? -1 : 1);
  const localSeconds = daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
  return (localSeconds - offset * 60) * 1000;
}
