import type { Unit } from '../catalogue/types.js';
import { formatNumber } from './format-number.js';
import { value, type Value } from './value.js';

/** The one decimal of every rate (the site's rule for rates, averages and percentages). */
const SMALLEST = 0.1;

/** A rate's number: always one decimal (`3.0`, `1,234.6`); a non-zero rate too small to show is `<0.1`. */
function oneDecimal(n: number): string {
  if (n !== 0 && Math.abs(n) < SMALLEST / 2) return n < 0 ? `>-${SMALLEST}` : `<${SMALLEST}`;
  const text = formatNumber(n, 1);
  return text.includes('.') ? text : `${text}.0`;
}

/** Whether `n` reads as at least `size` once rounded to one decimal (so `999.96 m` is `1.0 km`, not `1,000.0 m`). */
const reaches = (n: number, size: number): boolean => Math.round((Math.abs(n) / size) * 10) / 10 >= 1;

/** The scales of a rate per unit, largest first: `[label, raw units in one]`; the last one takes the rest. */
const SCALES: Readonly<Record<Unit, ReadonlyArray<readonly [label: string, size: number]>>> = {
  int: [['', 1]],
  cm: [['km', 100_000], ['m', 100], ['cm', 1]],
  ticks: [['d', 1_728_000], ['h', 72_000], ['min', 1_200], ['s', 20]],
  tenths_of_heart: [['hearts', 20]],
};

/**
 * The number and unit of a rate, in its largest unit that reads as at least 1 (`4.1 km`,
 * `850.0 m`, `12.5 min`, `3.5 hearts`, `12.3`), by the one-decimal rule.
 */
function rateDisplay(raw: number, unit: Unit): string {
  const scales = SCALES[unit];
  const [label, size] = scales.find(([, s]) => reaches(raw, s)) ?? scales.at(-1)!;
  const text = oneDecimal(raw / size);
  return label === '' ? text : `${text} ${label}`;
}

/**
 * The Value object of a gain per hour played (a period board's `per: 'hour'`): `value` and
 * `converted` as `value` gives them for the rate, and a `display` by the one-decimal rule of
 * every rate, with ` per hour`: `4.1 km per hour`, `3.0 km per hour`, `12.5 min per hour`,
 * `<0.1 per hour` (never `0.0`).
 *
 * @example
 * ```ts
 * perHourValue(410_000, 'cm').display; // '4.1 km per hour'
 * perHourValue(12, 'int').display; // '12.0 per hour'
 * ```
 */
export function perHourValue(raw: number, unit: Unit): Value {
  const shown = value(raw, unit);
  return { ...shown, display: `${rateDisplay(raw, unit)} per hour` };
}
