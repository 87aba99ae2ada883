import type { StatCounters } from '../save/types.js';
import type { StatDefinition } from './types.js';

/**
 * A player's value for one tracked statistic: the sum of the stat's sources over the player's
 * normalised raw counters. Missing counters count as 0, and non-finite numbers (which a damaged
 * file could smuggle in) are ignored so one bad key never poisons a leaderboard. A key listed
 * twice, or covered both by `keys` and `allKeys` of the same type, is counted once.
 *
 * @example
 * ```ts
 * const counters = { 'minecraft:mined': { 'minecraft:diamond_ore': 3, 'minecraft:deepslate_diamond_ore': 9 } };
 * statTotal(findStat('mined_diamond_ore')!, counters); // 12
 * statTotal(findStat('play_time')!, { 'minecraft:custom': { 'minecraft:play_one_minute': 72000 } }); // 72000
 * ```
 */
export function statTotal(def: StatDefinition, counters: StatCounters): number {
  const seen = new Set<string>();
  let total = 0;
  for (const source of def.sources) {
    const counts = Object.hasOwn(counters, source.type) ? counters[source.type] : undefined;
    if (counts === undefined || counts === null || typeof counts !== 'object') continue;
    const keys = source.allKeys ? Object.keys(counts) : (source.keys ?? []);
    for (const key of keys) {
      const seenKey = `${source.type}\u0000${key}`;
      if (seen.has(seenKey) || !Object.hasOwn(counts, key)) continue;
      seen.add(seenKey);
      const n = counts[key];
      if (typeof n === 'number' && Number.isFinite(n)) total += n;
    }
  }
  return total;
}
