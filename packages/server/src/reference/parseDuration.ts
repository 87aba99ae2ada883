/** Milliseconds per unit of a duration string. */
const UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/;

/**
 * Parses a duration such as `30s`, `15m`, `6h`, `1d` or `250ms` into milliseconds; null when the
 * text is not one. Compound forms (`1h30m`) are not accepted: one number, one unit.
 *
 * @example
 * parseDuration('15m'); // 900000
 * parseDuration('1.5h'); // 5400000
 * parseDuration('15'); // null (a unit is required)
 */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * (UNITS[match[2] as string] as number);
  return Number.isFinite(ms) ? Math.round(ms) : null;
}

/**
 * Renders milliseconds as the largest whole unit that fits exactly (`900000` → `15m`), for log
 * lines and messages.
 *
 * @example
 * formatDuration(900_000); // '15m'
 * formatDuration(1_500); // '1500ms'
 */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNITS[unit] as number;
    if (ms >= size && ms % size === 0) return `${ms / size}${unit}`;
  }
  return `${ms}ms`;
}
