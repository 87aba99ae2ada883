import { el, type Markup } from './el.js';

const HEAD = /^[0-9a-f]{384}$/i;

/**
 * A Minecraft head of 8×8 pixels (64 `rrggbb` colours, row by row) as crisp SVG squares at
 * (`x`, `y`), `size` wide: one rectangle per run of a colour in a row. Null when `pixels` is not
 * 384 hex digits, so a bad head is left out rather than drawn wrong.
 *
 * @example
 * headPixels('3324113324…', 20, 24, 48); // <g shape-rendering="crispEdges"><rect …/>…</g>
 */
export function headPixels(pixels: string | null | undefined, x: number, y: number, size: number): Markup | null {
  if (typeof pixels !== 'string' || !HEAD.test(pixels)) return null;
  const unit = size / 8;
  const rects: Markup[] = [];
  for (let row = 0; row < 8; row++) {
    let start = 0;
    for (let col = 1; col <= 8; col++) {
      const colour = (c: number) => pixels.slice((row * 8 + c) * 6, (row * 8 + c) * 6 + 6).toLowerCase();
      if (col < 8 && colour(col) === colour(start)) continue;
      rects.push(el('rect', { x: x + start * unit, y: y + row * unit, width: (col - start) * unit, height: unit, fill: `#${colour(start)}` }));
      start = col;
    }
  }
  return el('g', { 'shape-rendering': 'crispEdges' }, ...rects);
}
