import type { Unit } from '@blockstats/core';
import type { DisplayFormat } from './localDisplay.js';

/** The scales of a rate per unit, largest first: `[Intl unit, raw units in one]`; the last one takes the rest. */
const SCALES: Readonly<Record<Unit, ReadonlyArray<readonly [unit: string | null, size: number]>>> = {
  int: [[null, 1]],
  cm: [['kilometer', 100_000], ['meter', 100], ['centimeter', 1]],
  ticks: [['day', 1_728_000], ['hour', 72_000], ['minute', 1_200], ['second', 20]],
  tenths_of_heart: [[null, 20]],
};
/** The one decimal of every rate; a non-zero rate below half of it reads `<0.1`. */
const SMALLEST = 0.1;
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

const cache = new Map<string, DisplayFormat>();

/** Whether `n` reads as at least `size` once rounded to one decimal. */
const reaches = (n: number, size: number): boolean => Math.round((Math.abs(n) / size) * 10) / 10 >= 1;

/**
 * The `display` of a gain per hour played in a locale, by the rules of the English one
 * (`@blockstats/core`'s `perHourValue`): the largest unit that reads as at least 1, always one
 * decimal, `<0.1` for a non-zero rate too small to show, inside the language's `perHour`
 * phrase (`{value}`). Numbers and unit abbreviations come from the platform's CLDR data,
 * hearts from the language's table.
 *
 * @example
 * rateFormat('de-DE', { other: '{count} Herzen', one: '{count} Herz' }, '{value} pro Stunde')(410_000, 'cm'); // '4,1 km pro Stunde'
 */
export function rateFormat(locale: string, hearts: Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>, perHour: string): DisplayFormat {
  const key = `${locale}|${JSON.stringify(hearts)}|${perHour}`;
  let format = cache.get(key);
  if (format) return format;
  const formats = new Map<string | null, Intl.NumberFormat>();
  const numberIn = (unit: string | null): Intl.NumberFormat => {
    let f = formats.get(unit);
    if (!f) formats.set(unit, (f = new Intl.NumberFormat(locale, unit === null ? ONE_DECIMAL : { style: 'unit', unit, unitDisplay: 'short', ...ONE_DECIMAL })));
    return f;
  };
  // With one decimal shown, `1.0` takes the plural form of a fraction (`1,0 Herzen`).
  const plural = new Intl.PluralRules(locale, ONE_DECIMAL);
  const fixed = (n: number, unit: string | null): string => {
    if (n !== 0 && Math.abs(n) < SMALLEST / 2) return `${n < 0 ? '>-' : '<'}${numberIn(unit).format(SMALLEST)}`;
    return numberIn(unit).format(n);
  };
  format = (value, kind) => {
    const scales = SCALES[kind] ?? SCALES.int;
    const [unit, size] = scales.find(([, s]) => reaches(value, s)) ?? scales.at(-1)!;
    const n = value / size;
    let text = fixed(n, unit);
    if (kind === 'tenths_of_heart') text = (hearts[plural.select(Math.abs(n) < SMALLEST / 2 ? SMALLEST : n)] ?? hearts.other).replace('{count}', text);
    return perHour.replace('{value}', text);
  };
  if (cache.size > 64) cache.clear();
  cache.set(key, format);
  return format;
}
