import type { Snapshot, SnapshotPlayer } from '../snapshot/types.js';
import type { StatHistory } from './stat-history.js';
import { predecessorOf } from '../snapshot/snapshot-predecessor.js';

/** One snapshot's numbers for one history: computed over `known` history players. */
interface Numbers {
  players: readonly SnapshotPlayer[];
  known: number;
  to: Int32Array;
}

/** Per snapshot and history: each history player's snapshot index (-1: not in the snapshot). */
const numbers = new WeakMap<Snapshot, WeakMap<StatHistory, Numbers>>();
/** Per history, the last snapshot's numbers while that snapshot is kept: the next snapshot's are patched from them. */
const lastNumbers = new WeakMap<StatHistory, WeakRef<Numbers>>();

/**
 * Each history player's index in the snapshot, by history player number (-1: not in it, a
 * hidden player among them): what `StatHistory.addGainsOver` adds a period's gains through.
 * Kept per snapshot and history; players recorded since are looked up again. A rebuilt
 * snapshot keeps its unchanged players as the same objects at the same positions (see
 * `reuseSnapshotPlayers`): its numbers are the last snapshot's with only the changed positions
 * looked up.
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
  // The numbers of the snapshot this one patched (a network's view of the same server), else the last computed.
  const predecessor = predecessorOf(snapshot);
  const last = known ?? (predecessor && numbers.get(predecessor)?.get(history)) ?? lastNumbers.get(history)?.deref();
  const to = last ? patchedNumbers(snapshot.players, history, last) : freshNumbers(snapshot.players, history);
  const computed: Numbers = { players: snapshot.players, known: history.uuids.length, to };
  byHistory.set(history, computed);
  lastNumbers.set(history, new WeakRef(computed));
  return to;
}

function freshNumbers(players: readonly SnapshotPlayer[], history: StatHistory): Int32Array {
  const to = new Int32Array(history.uuids.length).fill(-1);
  players.forEach((player, p) => {
    const h = history.playerOf(player.uuid);
    if (h !== undefined) to[h] = p;
  });
  return to;
}

/**
 * `freshNumbers` from `last`'s: a position holding the same player as then (the same object, or
 * a new profile of the same uuid: their ranks moved) maps the same history player (uuids are
 * unique in a snapshot); the other positions, and the history players recorded since, are looked up.
 */
function patchedNumbers(players: readonly SnapshotPlayer[], history: StatHistory, last: Numbers): Int32Array {
  const before = last.players;
  const to = new Int32Array(history.uuids.length).fill(-1);
  for (let h = 0; h < last.known; h++) {
    const p = last.to[h]!;
    if (p >= 0 && p < players.length && samePlace(players, before, p)) to[h] = p;
  }
  for (let p = 0; p < players.length; p++) {
    if (p < before.length && samePlace(players, before, p)) continue;
    const h = history.playerOf(players[p]!.uuid);
    if (h !== undefined) to[h] = p;
  }
  if (history.uuids.length > last.known) {
    // Players recorded since `last`: each is in the snapshot at an unchanged position, if at all.
    const at = new Map<string, number>();
    for (let h = last.known; h < history.uuids.length; h++) if (to[h] === -1) at.set(history.uuids[h]!, h);
    if (at.size > 0) {
      for (let p = 0; p < players.length; p++) {
        const h = at.get(players[p]!.uuid);
        if (h !== undefined) to[h] = p;
      }
    }
  }
  return to;
}

/** Whether position `p` holds the same player as before: the same object, or one of the same uuid. */
function samePlace(players: readonly SnapshotPlayer[], before: readonly SnapshotPlayer[], p: number): boolean {
  const now = players[p]!;
  const was = before[p];
  return now === was || (was !== undefined && now.uuid === was.uuid);
}
