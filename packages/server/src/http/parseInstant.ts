/** `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fff]]` and a `Z` or `±HH[:]MM` offset. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Epoch seconds, optionally fractional. */
const EPOCH_SECONDS = /^\d{1,12}(\.\d+)?$/;

/**
 * A query-string instant as epoch milliseconds, or NaN when the text is not one: epoch seconds,
 * or an ISO 8601 date or date-time. A date-time without an offset is UTC (SPEC: every timestamp
 * is UTC), never the host's local time as `Date.parse` would have it, and an impossible calendar
 * value (30 February, hour 24, minute 61) is refused instead of rolled over.
 *
 * @example
 * parseInstant('2024-05-01T18:03:11+02:00'); // Date.UTC(2024, 4, 1, 16, 3, 11)
 * parseInstant('2024-05-01T18:03:11');       // Date.UTC(2024, 4, 1, 18, 3, 11)
 * parseInstant('2026-02-30');                // NaN
 */
export function parseInstant(text: string): number {
  if (EPOCH_SECONDS.test(text)) return Number(text) * 1000;
  const match = ISO.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part))) as number[];
  const milliseconds = match[7] === undefined ? 0 : Math.floor(Number(`0.${match[7]}`) * 1000);
  if (hour! > 23 || minute! > 59 || second! > 59) return Number.NaN;
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  date.setUTCHours(hour!, minute!, second!, milliseconds);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day) return Number.NaN;
  return date.getTime() - offsetMinutes(match[8]) * 60_000;
}

/** Minutes east of UTC of a `Z`/`±HH[:]MM` suffix (none is UTC); NaN when out of range. */
function offsetMinutes(suffix: string | undefined): number {
  if (suffix === undefined || suffix.toUpperCase() === 'Z') return 0;
  const digits = suffix.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return Number.NaN;
  return (suffix.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}
