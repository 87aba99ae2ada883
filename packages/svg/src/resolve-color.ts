import { palette, type PaletteName } from './palette.js';

/** A hex value without `#`, as SPEC.md's colour rule allows: 3 or 6 hex digits. */
const BARE_HEX = /^(?:[0-9a-f]{3}|[0-9a-f]{6})$/;

/**
 * Applies SPEC.md's colour rule to a user-supplied value (e.g. the `color` query parameter):
 * a palette name (`blue`, `green`, `amber`, `red`, `purple`, `pink`, `grey`) or a hex value
 * without a leading `#` (`fa0`, `ffaa00`), case-insensitive. Anything else, including `#ffaa00`,
 * CSS names and an empty or missing value, gives the `fallback` palette colour: the input is
 * never echoed into an image. The result is always `#rrggbb`, lowercase.
 *
 * @example
 * resolveColor('pink', 'blue'); // => '#db2777'
 * resolveColor('FA0', 'blue'); // => '#ffaa00'
 * resolveColor('red" onload="alert(1)', 'blue'); // => '#0072b8'
 */
export function resolveColor(input: string | null | undefined, fallback: PaletteName): string {
  const value = typeof input === 'string' ? input.toLowerCase() : '';
  // Own properties only: "constructor" or "__proto__" must not reach Object.prototype.
  if (Object.hasOwn(palette, value)) return palette[value as PaletteName];
  if (BARE_HEX.test(value)) {
    return value.length === 3 ? `#${[...value].map((d) => d + d).join('')}` : `#${value}`;
  }
  if (!Object.hasOwn(palette, fallback)) throw new TypeError(`unknown palette colour ${JSON.stringify(fallback)}`);
  return palette[fallback];
}

/**
 * The colour options of {@link badge} and {@link playerCard} take what {@link resolveColor}
 * accepts or returns (so `resolveColor(query.color, 'green')` can be passed straight in).
 */
export function toFill(color: string | null | undefined, fallback: PaletteName): string {
  return resolveColor(typeof color === 'string' && color.startsWith('#') ? color.slice(1) : color, fallback);
}
