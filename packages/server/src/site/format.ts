/**
 * Numbers and dates as the pages show them, in the site's locale and the server's time zone.
 * Statistic values are not formatted here: pages show the API's `display`.
 */
export interface SiteFormat {
  readonly locale: string;
  readonly timeZone: string;
  /** `12,345` (en), `12.345` (de); at most `maxFractionDigits` decimals. */
  number(n: number, maxFractionDigits?: number): string;
  /** A percentage given as 0–100: `4.6 %` style per locale, one decimal under 10. */
  percent(percent: number): string;
  /** An ISO instant as a date in the server's time zone: `1 May 2024`. */
  date(iso: string): string;
  /** An ISO instant as date and time in the server's time zone: `1 May 2024, 18:03`. */
  dateTime(iso: string): string;
  /** A calendar day `YYYY-MM-DD` as a short date: `Mon 16 Nov`. */
  day(ymd: string): string;
  /** The day of an ISO instant in the server's time zone, as a short date: `Mon 16 Nov`. */
  dayOf(iso: string): string;
  /** A local hour 0–23 as the locale writes it: `18:00`, `6 PM`. */
  hour(hour: number): string;
}

const cache = new Map<string, SiteFormat>();

/**
 * The formatter of a locale and time zone; Intl objects are slow to build, so each pair is
 * built once and kept (a process serves one or two).
 *
 * @example
 * siteFormat('en-GB', 'UTC').date('2024-05-01T18:03:11Z'); // '1 May 2024'
 */
export function siteFormat(locale: string, timeZone: string): SiteFormat {
  const key = `${locale}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = createFormat(locale, timeZone);
    if (cache.size > 32) cache.clear();
    cache.set(key, format);
  }
  return format;
}

function createFormat(locale: string, timeZone: string): SiteFormat {
  const numbers = [0, 1, 2].map((digits) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
  const percentSmall = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const percentLarge = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayOf = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const hours = Array.from({ length: 24 }, (_, h) => hour.format(Date.UTC(2000, 0, 1, h)));
  return {
    locale,
    timeZone,
    number: (n, maxFractionDigits = 0) => (numbers[maxFractionDigits] ?? numbers[2]!).format(n),
    percent: (percent) => (percent < 10 ? percentSmall : percentLarge).format(percent / 100),
    date: (iso) => date.format(Date.parse(iso)),
    dateTime: (iso) => dateTime.format(Date.parse(iso)),
    day: (ymd) => day.format(Date.parse(`${ymd}T00:00:00Z`)),
    dayOf: (iso) => dayOf.format(Date.parse(iso)),
    hour: (h) => hours[h] ?? String(h),
  };
}
