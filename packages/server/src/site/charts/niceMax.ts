/**
 * The top of a chart's scale: the smallest 1, 2 or 5 × 10ⁿ at or above `max` (at least 1), so
 * gridlines fall on round numbers.
 *
 * @example
 * niceMax(12.7); // 20
 * niceMax(0); // 1
 */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}
