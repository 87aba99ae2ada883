import type { PlayerSave } from '../save/types.js';
import { pullCounterMap } from './pull-counter-map.js';

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
