import type { Unit } from '@blockstats/core';

/** How one language writes values. */
export interface DisplayFormat {
  /** A value's `display` in this language: `12,4 km`, `3 Std., 12 Min.`, `41,5 Herzen`. */
  (value: number, unit: Unit): string;
}

const TICKS_PER_SECOND = 20;
const TIME_UNITS = [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]] as const;

const cache = new Map<string, DisplayFormat>();

/**
 * The `display` of a value in a locale, by the rules of the English one (`@blockstats/core`
 * `value`): the largest time unit and the next (`4 d 3 h`), kilometres from 1 km, metres from
 * 1 m, hearts with up to two decimals; numbers, unit abbreviations and plural forms come from
 * the platform's CLDR data (Intl.NumberFormat's unit style), hearts from the language's table.
 *
 * @example
 * displayFormat('de-DE', { other: '{count} Herzen', one: '{count} Herz' })(1_240_000, 'cm'); // '12,4 km'
 */
export function displayFormat(locale: string, hearts: Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>): DisplayFormat {
  const key = `${locale}|${JSON.stringify(hearts)}`;
  let format = cache.get(key);
  if (format) return format;
  const number = (digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
  const plain = [number(0), number(1), number(2)] as const;
  const unit = (name: string, digits = 0) => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits });
  const time = Object.fromEntries(TIME_UNITS.map(([name]) => [name, unit(name)])) as Record<(typeof TIME_UNITS)[number][0], Intl.NumberFormat>;
  const km = unit('kilometer', 1);
  const metres = [unit('meter', 0), unit('meter', 1)] as const;
  const cm = unit('centimeter');
  const plural = new Intl.PluralRules(locale);

  const ticks = (raw: number): string => {
    const sign = raw < 0 ? -1 : 1;
    const total = Math.floor(Math.abs(raw) / TICKS_PER_SECOND);
    const index = TIME_UNITS.findIndex(([, s]) => total >= s);
    if (index === -1) return time.second.format(0);
    const [name, size] = TIME_UNITS[index]!;
    let text = time[name].format(sign * Math.floor(total / size));
    const next = name === 'day' || name === 'hour' ? TIME_UNITS[index + 1] : undefined;
    if (next) {
      const rest = Math.floor((total % size) / next[1]);
      if (rest > 0) text += ` ${time[next[0]].format(rest)}`;
    }
    return text;
  };
  const distance = (raw: number): string => {
    const abs = Math.abs(raw);
    if (Math.round(abs / 100) >= 1000) return km.format(raw / 100_000);
    if (abs >= 100) return metres[abs >= 10_000 ? 0 : 1].format(raw / 100);
    return cm.format(raw);
  };
  const heartsOf = (raw: number): string => {
    const count = raw / 20;
    const rounded = Math.round(count * 100) / 100;
    const text = (hearts[plural.select(rounded)] ?? hearts.other).replace('{count}', plain[2].format(rounded));
    return text;
  };
  format = (value, kind) => {
    switch (kind) {
      case 'ticks':
        return ticks(value);
      case 'cm':
        return distance(value);
      case 'tenths_of_heart':
        return heartsOf(value);
      default:
        return plain[1].format(value);
    }
  };
  if (cache.size > 64) cache.clear();
  cache.set(key, format);
  return format;
}
