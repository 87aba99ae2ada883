import { findStat } from '../catalogue/stat-catalogue.js';
import { statRows } from '../snapshot/player-stat-row.js';
import { hasStatsReading } from '../save/has-stats-reading.js';
import type { PlayerSave } from '../save/types.js';

/**
 * Counters every pull records: activity needs play time (online or not) and deaths.
 *
 * @example
 * ```ts
 * ACTIVITY_COUNTERS; // ['play_time', 'deaths']
 * ```
 */
export const ACTIVITY_COUNTERS: readonly string[] = ['play_time', 'deaths'];

/**
 * The counters one pull records for each player of a save: `play_time`, `deaths` and every stat
 * id in `statIds` (the weekly-event pool, so events have baselines), as catalogue totals.
 * A player whose stats file is missing or unreadable at this read is left out (they keep their
 * previous values in the record): only good readings are recorded, so a file that vanishes for
 * a pull is no fall to zero and its return no activity. Throws a `RangeError` naming an id the
 * catalogue does not have. The counters objects are frozen, and shared between pulls while a
 * player's stats file is unchanged. `pullCounterMap` gives the same as a `Map`.
 *
 * @example
 * ```ts
 * const save = await readSave('/srv/minecraft');
 * const counters = pullCounters(save.players, ['jump', 'mined_diamond_ore']);
 * counters['069a79f4-44e9-4726-a5be-fca90e38aaf5']; // { play_time: 72000, deaths: 2, jump: 812, mined_diamond_ore: 14 }
 * ```
 */
export function pullCounters(players: readonly PlayerSave[], statIds: readonly string[] = []): Record<string, Readonly<Record<string, number>>> {
  return Object.fromEntries(pullCounterMap(players, statIds));
}

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
  const rowOf = statRows(defs);
  const known = countersFor(ids);
  for (const player of players) {
    if (!hasStatsReading(player)) continue;
    const row = rowOf(player);
    let counters = known.get(row);
    if (counters === undefined) {
      const fresh: Record<string, number> = {};
      defs.forEach((def, s) => {
        fresh[def.id] = row[s]!;
      });
      counters = Object.freeze(fresh);
      known.set(row, counters);
    }
    out.set(player.uuid, counters);
  }
  return out;
}

/**
 * Per list of counter ids, the counters object made from each stats row. A row is the same
 * object while the player's stats file is unchanged (see `statRows`), so an unchanged player
 * gets the same frozen object at every pull, which `pullEntry` then need not compare again.
 * Weak by row; a few lists at most (the event stat changes weekly).
 */
const countersByList = new Map<string, WeakMap<Float64Array, Readonly<Record<string, number>>>>();
const MAX_LISTS = 4;

function countersFor(ids: readonly string[]): WeakMap<Float64Array, Readonly<Record<string, number>>> {
  const key = ids.join('\n');
  let known = countersByList.get(key);
  if (known === undefined) {
    if (countersByList.size >= MAX_LISTS) countersByList.delete(countersByList.keys().next().value as string);
    known = new WeakMap();
    countersByList.set(key, known);
  }
  return known;
}
