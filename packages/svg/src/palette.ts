/**
 * The named colours of SPEC.md's colour rule, as `#rrggbb`. Chosen so that the text drawn on them
 * (see {@link textColorOn}) has at least 4.5:1 contrast (5:1 for amber, which takes dark text),
 * and so that each still shows as an accent on the card's dark background.
 *
 * @example
 * palette.blue; // => '#0072b8'
 */
export const palette = Object.freeze({
  blue: '#0072b8',
  green: '#238636',
  amber: '#d29922',
  red: '#d1242f',
  purple: '#8250df',
  pink: '#db2777',
  grey: '#6e7781',
} as const);

/** A colour name that {@link palette} defines. */
export type PaletteName = keyof typeof palette;
