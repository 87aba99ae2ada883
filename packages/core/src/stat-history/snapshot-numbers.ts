import type { Snapshot } from '../snapshot/types.js';
import type { StatHistory } from './stat-history.js';

/** Per snapshot and history: each history player's snapshot index (-1: not in the snapshot). */
const numbers = new WeakMap<Snapshot, WeakMap<StatHistory, { known: number; to: Int32Array }>>();

/**
 * Each history player's index in the snapshot, by history player number (-1: not in it, a
 * hidden player among them): what `StatHistory.addGainsOver` adds a period's gains through.
 * Kept per snapshot and history; players recorded since are looked up again.
 *
 * @example
 * ```ts
 * const sums = new Float64Array(snapshot.players.length);
 * history.addGainsOver(column, first, last, sums, snapshotNumbers(snapshot, history));
 * ```
 */
export function snapshotNumbers(snapshot: Snapshot, history: StatHistory): Int32Array {
  let byHistory = numbers.get(snapshot);
  if (!byHistory) numbers.set(snapshot, (byHistory = new WeakMap()));
  const known = byHistory.get(history);
  if (known && known.known === history.uuids.length) return known.to;
  const to = new Int32Array(history.uuids.length).fill(-1);
  snapshot.players.forEach((player, p) => {
    const h = history.playerOf(player.uuid);
    if (h !== undefined) to[h] = p;
  });
  byHistory.set(history, { known: history.uuids.length, to });
  return to;
}
