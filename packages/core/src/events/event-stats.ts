/**
 * Which stat each week's event is about (DECISIONS 16): the schedule's entry for the week when
 * there is one, otherwise a deterministic pick from the pool. The pick hashes the week number,
 * so it does not depend on when or how often it is computed, and moves on to the next pool
 * entry when it would repeat the previous week's stat.
 *
 * Returns the stats of weeks 1 … `weeks` (index 0 is week 1); null for a week with neither a
 * schedule entry nor a pool.
 *
 * @example
 * ```ts
 * eventStats(4, ['jump', 'fish_caught', 'mined_diamond_ore'], { 3: 'deaths' });
 * // ['fish_caught', 'jump', 'deaths', 'fish_caught']: the same on every call
 * ```
 */
export function eventStats(
  weeks: number,
  pool: readonly string[],
  schedule: Readonly<Record<number, string>> = {},
): (string | null)[] {
  const out: (string | null)[] = [];
  for (let week = 1; week <= weeks; week++) {
    const scheduled = schedule[week];
    if (scheduled !== undefined) {
      out.push(scheduled);
      continue;
    }
    if (pool.length === 0) {
      out.push(null);
      continue;
    }
    let i = hash32(week) % pool.length;
    if (pool.length > 1 && pool[i] === out[week - 2]) i = (i + 1) % pool.length;
    out.push(pool[i]!);
  }
  return out;
}

/** A well-mixed 32-bit integer hash (lowbias32, Chris Wellons): consecutive weeks spread out. */
function hash32(n: number): number {
  let x = n >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}
