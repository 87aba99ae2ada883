/**
 * Numbers and dates as the pages show them, in the site's locale and the server's time zone.
 * Statistic values are not formatted here: pages show the API's `display`.
 */
export interface SiteFormat {
  readonly locale: string;
  readonly timeZone: string;
  /** A count, whole: `12,345` (en), `12.345` (de). */
  number(n: number): string;
  /**
   * A rate, ratio, average or any fractional quantity (hours played, players online on
   * average): always one decimal, whatever the magnitude, so a column lines up (`14,123.9`
   * beside `104.3`, `0.5`); a non-zero value too small to show is `<0.1`, never `0.0`.
   */
  decimal(n: number): string;
  /** A percentage given as 0–100, by the same rule as {@link SiteFormat.decimal}: `4.6 %`, `45.0 %`, `<0.1 %` per locale. */
  percent(percent: number): string;
  /** A number in a message: a whole number as a count, anything else as a decimal. */
  any(n: number): string;
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

/** The one decimal of every fractional figure on the site. */
const DECIMALS = 1;
/** The smallest figure one decimal shows: below it (and above 0) a value reads `<0.1`. */
const SMALLEST = 10 ** -DECIMALS;

/**
 * A fixed-decimal formatter that never shows a non-zero value as zero: `0.04` is `<0.1`
 * (`<0,1` in German, `<0.1 %` for a percentage), the sign and the locale's digits kept.
 */
function fixed(format: Intl.NumberFormat, smallest: number): (n: number) => string {
  return (n) => {
    if (n !== 0 && Math.abs(n) < smallest / 2) return `${n < 0 ? '>-' : '<'}${format.format(smallest)}`;
    return format.format(n);
  };
}

function createFormat(locale: string, timeZone: string): SiteFormat {
  const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = fixed(new Intl.NumberFormat(locale, { minimumFractionDigits: DECIMALS, maximumFractionDigits: DECIMALS }), SMALLEST);
  const percent = fixed(new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: DECIMALS, maximumFractionDigits: DECIMALS }), SMALLEST / 100);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayOf = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  const hour = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const hours = Array.from({ length: 24 }, (_, h) => hour.format(Date.UTC(2000, 0, 1, h)));
  return {
    locale,
    timeZone,
    number: (n) => count.format(n),
    decimal,
    percent: (p) => percent(p / 100),
    any: (n) => (Number.isInteger(n) ? count.format(n) : decimal(n)),
    date: (iso) => date.format(Date.parse(iso)),
    dateTime: (iso) => dateTime.format(Date.parse(iso)),
    day: (ymd) => day.format(Date.parse(`${ymd}T00:00:00Z`)),
    dayOf: (iso) => dayOf.format(Date.parse(iso)),
    hour: (h) => hours[h] ?? String(h),
  };
}
