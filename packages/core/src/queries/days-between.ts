const MS_PER_DAY = 86_400_000;

/**
 * Whole days from one epoch-ms time to another (never negative), or null when either is unknown.
 *
 * @example
 * daysBetween(0, 3 * 86_400_000 + 5); // 3
 */
export function daysBetween(from: number | null, to: number | null): number | null {
  if (from === null || to === null || from === -1 || to === -1 || !Number.isFinite(from) || !Number.isFinite(to)) return null;
  return Math.max(0, Math.floor((to - from) / MS_PER_DAY));
}
