import { RENAMED_STAT_IDS, STAT_TYPE_REGISTRIES, type StatIdRegistry } from './renamed-stat-ids.js';
import type { StatCounters } from './types.js';

const NAMESPACE = 'minecraft:';

/** DataVersion of the newest rename: a file written at or after it holds today's ids only. */
export const NEWEST_STAT_RENAME: number = Math.max(...RENAMED_STAT_IDS.map((group) => group.dataVersion));

/** Old id → today's id, per registry and per number of fixers still to apply (a few dozen at most). */
const chains = new Map<string, ReadonlyMap<string, string>>();

/**
 * Old namespaced id → today's id for the keys of one registry in a file written at
 * `dataVersion`: every fixer newer than the file, in the game's order, each renaming an id at
 * most once (so `kelp` → `kelp_plant` and `kelp_top` → `kelp` in one step, as the game does).
 *
 * @example
 * statIdRenames('entity', 2230).get('minecraft:zombie_pigman'); // 'minecraft:zombified_piglin'
 * statIdRenames('entity', 2566).get('minecraft:zombie_pigman'); // undefined: 1.16 files say zombified_piglin
 */
export function statIdRenames(registry: StatIdRegistry, dataVersion: number): ReadonlyMap<string, string> {
  const pending = RENAMED_STAT_IDS.filter((group) => group.registry === registry && group.dataVersion > dataVersion);
  const key = `${registry}:${pending.length}`;
  let chain = chains.get(key);
  if (chain !== undefined) return chain;
  const map = new Map<string, string>();
  for (const start of new Set(pending.flatMap((group) => Object.keys(group.renames)))) {
    let id = start;
    for (const group of pending) if (Object.hasOwn(group.renames, id)) id = group.renames[id]!;
    if (id !== start) map.set(NAMESPACE + start, NAMESPACE + id);
  }
  chains.set(key, (chain = map));
  return chain;
}

/**
 * Renames, in place, the keys of a 1.13+ stats file written at `dataVersion` to today's ids, as
 * the game's data fixers would when the player next joins (see `renamed-stat-ids.ts`): a 1.15
 * file's `minecraft:killed`/`minecraft:zombie_pigman` counts as `minecraft:zombified_piglin`, its
 * `minecraft:play_one_minute` as `minecraft:play_time`. A value already under the new id is
 * added to. A file without a `DataVersion` (null) is taken as current: the game writes one in
 * every 1.13+ file, so such a file comes from a tool that writes today's ids.
 *
 * @example
 * renameStatIds({ 'minecraft:killed': { 'minecraft:zombie_pigman': 171 } }, 2230);
 * // { 'minecraft:killed': { 'minecraft:zombified_piglin': 171 } }
 */
export function renameStatIds(stats: StatCounters, dataVersion: number | null): StatCounters {
  if (dataVersion === null || dataVersion >= NEWEST_STAT_RENAME) return stats;
  for (const type in stats) {
    const registry = Object.hasOwn(STAT_TYPE_REGISTRIES, type) ? STAT_TYPE_REGISTRIES[type] : undefined;
    if (registry === undefined) continue;
    const renames = statIdRenames(registry, dataVersion);
    if (renames.size > 0) renameKeys(stats[type]!, renames);
  }
  return stats;
}

/**
 * Moves each renamed key's value to its new key (adding to a value already there). All old keys
 * are taken out first: a new id can be another key's old one (`kelp_top` → `kelp`, `kelp` →
 * `kelp_plant`), and the file's `kelp` must not be moved together with what `kelp_top` brought.
 */
function renameKeys(counters: Record<string, number>, renames: ReadonlyMap<string, string>): void {
  const moved: Array<[to: string, value: number]> = [];
  for (const [from, to] of renames) {
    if (!Object.hasOwn(counters, from)) continue;
    moved.push([to, counters[from]!]);
    delete counters[from];
  }
  for (const [to, value] of moved) counters[to] = (Object.hasOwn(counters, to) ? counters[to]! : 0) + value;
}
