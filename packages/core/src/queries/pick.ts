import type { Random } from '../snapshot/types.js';

/**
 * One element of a non-empty list, chosen by an injected random source in [0, 1). Out-of-range
 * draws are clamped, so a faulty source can never index past the end.
 *
 * @example
 * pick(['a', 'b', 'c'], () => 0.5); // 'b'
 */
export function pick<T>(items: readonly T[], random: Random): T {
  const r = random();
  const i = Math.min(items.length - 1, Math.max(0, Math.floor((Number.isFinite(r) ? r : 0) * items.length)));
  return items[i]!;
}
