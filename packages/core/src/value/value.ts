import type { Unit } from '../catalogue/types.js';
import { formatNumber } from './format-number.js';

/**
 * Every statistic value the service publishes (SPEC "Value object"): the raw number in the
 * stat's native unit, a human rendering, and the unit conversions bot authors would otherwise
 * redo themselves.
 */
export interface Value {
  /** Raw value in the stat's native unit. */
  value: number;
  unit: Unit;
  /** Human-readable rendering, e.g. `12,345`, `12.4 km`, `3 h 12 min`, `41.5 hearts`. */
  display: string;
  /** Conversions by name (`metres`, `hours`, `hearts`…), or null for plain counts. */
  converted: Record<string, number> | null;
}

/** Converted numbers are rounded to this many decimals (metre precision for km, 3.6 s for hours). */
const CONVERTED_DECIMALS = 3;

const TICKS_PER_SECOND = 20;
const CM_PER_METRE = 100;
const CM_PER_KILOMETRE = 100_000;
/** DECISIONS 3: damage is stored as tenths of a half-heart, so one heart is 20 units. */
const UNITS_PER_HEART = 20;

const round = (n: number, decimals = CONVERTED_DECIMALS): number => {
  const f = 10 ** decimals;
  const r = Math.round(Math.abs(n) * f) / f;
  return n < 0 && r !== 0 ? -r : r; // no -0 in JSON output
};

/** Time units from largest to smallest, in seconds. */
const TIME_UNITS: ReadonlyArray<readonly [label: string, seconds: number]> = [
  ['d', 86_400],
  ['h', 3_600],
  ['min', 60],
  ['s', 1],
];

/**
 * A span of ticks as its largest unit plus the next one when that is non-zero and the largest is
 * days or hours (`4 d 3 h`, `3 h 12 min`); spans under an hour show whole minutes (`45 min`), under
 * a minute whole seconds (`12 s`). Truncated, never rounded up: 59.9 s is `59 s`.
 */
function displayTicks(ticks: number): string {
  const sign = ticks < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ticks) / TICKS_PER_SECOND);
  const index = TIME_UNITS.findIndex(([, s]) => total >= s);
  if (index === -1) return '0 s';
  const [label, size] = TIME_UNITS[index]!;
  const whole = Math.floor(total / size);
  let text = `${sign}${formatNumber(whole)} ${label}`;
  const next = label === 'd' || label === 'h' ? TIME_UNITS[index + 1] : undefined;
  if (next) {
    const rest = Math.floor((total % size) / next[1]);
    if (rest > 0) text += ` ${rest} ${next[0]}`;
  }
  return text;
}

/** Kilometres from 1 km (`12.4 km`), metres from 1 m (`850 m`, `1.5 m`), else centimetres (`35 cm`); nothing is `0 m`. */
function displayCm(cm: number): string {
  const abs = Math.abs(cm);
  if (abs === 0) return '0 m'; // a distance never travelled reads as metres, like its neighbours
  // 999.99 m would print as "1,000 m": switch to kilometres wherever the metres would round to 1,000.
  if (Math.round(abs / CM_PER_METRE) >= 1000) return `${formatNumber(cm / CM_PER_KILOMETRE, 1)} km`;
  if (abs >= CM_PER_METRE) return `${formatNumber(cm / CM_PER_METRE, abs >= 100 * CM_PER_METRE ? 0 : 1)} m`;
  return `${formatNumber(cm)} cm`;
}

function displayHearts(units: number): string {
  const hearts = units / UNITS_PER_HEART;
  const text = formatNumber(hearts, 2);
  return `${text} ${text === '1' ? 'heart' : 'hearts'}`;
}

/** The rendering and conversions of each unit: a table, so adding a unit is adding a row. */
const UNITS: Readonly<Record<Unit, (raw: number) => Pick<Value, 'display' | 'converted'>>> = {
  int: (raw) => ({ display: formatNumber(raw, 1), converted: null }),
  cm: (raw) => ({
    display: displayCm(raw),
    converted: { metres: round(raw / CM_PER_METRE), kilometres: round(raw / CM_PER_KILOMETRE) },
  }),
  ticks: (raw) => ({
    display: displayTicks(raw),
    converted: {
      seconds: round(raw / TICKS_PER_SECOND),
      minutes: round(raw / (TICKS_PER_SECOND * 60)),
      hours: round(raw / (TICKS_PER_SECOND * 3600)),
    },
  }),
  tenths_of_heart: (raw) => ({ display: displayHearts(raw), converted: { hearts: round(raw / UNITS_PER_HEART) } }),
};

/**
 * Builds the Value object of a raw statistic value (SPEC "Value object" and unit table).
 *
 * - `int`: `converted` is null; display grouped with commas (`12,345`; averages keep up to 2
 *   decimals).
 * - `cm`: `converted.metres`, `converted.kilometres`; display `12.4 km`, `850 m`, `35 cm`.
 * - `ticks` (20 per second): `converted.seconds`, `.minutes`, `.hours`; display `4 d 3 h`,
 *   `3 h 12 min`, `45 min`, `12 s`.
 * - `tenths_of_heart`: stored as tenths of a half-heart (DECISIONS 3), so
 *   `converted.hearts = value / 20`; display `41.5 hearts`.
 *
 * Converted numbers are rounded to 3 decimals. Formatting is locale-independent. Throws a
 * RangeError for a non-finite value or an unknown unit (a programming error, not user input).
 *
 * @example
 * ```ts
 * value(12345, 'int'); // { value: 12345, unit: 'int', display: '12,345', converted: null }
 * value(1_240_000, 'cm').display; // '12.4 km'
 * value(230_400, 'ticks'); // display '3 h 12 min', converted { seconds: 11520, minutes: 192, hours: 3.2 }
 * value(830, 'tenths_of_heart').converted; // { hearts: 41.5 }
 * ```
 */
export function value(raw: number, unit: Unit): Value {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) {
    throw new RangeError(`value: expected a finite number, got ${String(raw)}`);
  }
  const render = Object.hasOwn(UNITS, unit) ? UNITS[unit] : undefined;
  if (!render) throw new RangeError(`value: unknown unit ${JSON.stringify(unit)}`);
  return { value: raw, unit, ...render(raw) };
}
