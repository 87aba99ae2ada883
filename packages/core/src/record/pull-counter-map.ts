import { findStat } from '../catalogue/stat-catalogue.js';
import { statRowKey, statRowWriter } from '../snapshot/player-stat-row.js';
import { hasStatsReading } from '../save/has-stats-reading.js';
import type { PlayerSave } from '../save/types.js';
import { ACTIVITY_COUNTERS } from './activity-counters.js';

/**
 * `pullCounters` as a `Map` by player uuid, in the players' order: what `recordPull` reads
 * fastest. An object with thousands of uuid keys is a dictionary V8 must sort to list, which at
 * 10,000 players took more time than comparing them all with the record.
 *
 * @example
 * ```ts
 * const save = await readSave('/srv/minecraft');
 * await recordPull(log, { at: Date.now(), online: null, counters: pullCounterMap(save.players) });
 * ```
 */
export function pullCounterMap(players: readonly PlayerSave[], statIds: readonly string[] = []): Map<string, Readonly<Record<string, number>>> {
  const ids = [...new Set([...ACTIVITY_COUNTERS, ...statIds])];
  const defs = ids.map((id) => {
    const def = findStat(id);
    if (!def) throw new RangeError(`unknown stat id '${id}' in the event pool`);
    return def;
  });
  const out = new Map<string, Readonly<Record<string, number>>>();
  const writeRow = statRowWriter(defs);
  const row = new Float64Array(defs.length);
  const known = countersFor(ids);
  for (const player of players) {
    if (!hasStatsReading(player)) continue;
    const key = statRowKey(player);
    let counters = key === null ? undefined : known.get(key);
    if (counters === undefined) {
      writeRow(player, row);
      const fresh: Record<string, number> = {};
      defs.forEach((def, s) => {
        fresh[def.id] = row[s]!;
      });
      counters = Object.freeze(fresh);
      if (key !== null) known.set(key, counters);
    }
    out.set(player.uuid, counters);
  }
  return out;
}

/**
 * Per list of counter ids, the counters object made for each version of a stats file (keyed
 * by `statRowKey`, the same object while the player's stats file is unchanged), so an unchanged
 * player gets the same frozen object at every pull, which `pullEntry` then need not compare
 * again; no row is kept beside it. Weak by key; a few lists at most (the event stat changes weekly).
 */
const countersByList = new Map<string, WeakMap<object, Readonly<Record<string, number>>>>();
const MAX_LISTS = 4;

function countersFor(ids: readonly string[]): WeakMap<object, Readonly<Record<string, number>>> {
  const key = ids.join('\n');
  let known = countersByList.get(key);
  if (known === undefined) {
    if (countersByList.size >= MAX_LISTS) countersByList.delete(countersByList.keys().next().value as string);
    known = new WeakMap();
    countersByList.set(key, known);
  }
  return known;
}
