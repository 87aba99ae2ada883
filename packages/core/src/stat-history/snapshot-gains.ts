import type { Snapshot } from '../snapshot/types.js';
import type { StatHistory } from './stat-history.js';

/** Per snapshot and history: each snapshot player's history number (-1: never recorded). */
const numbering = new WeakMap<Snapshot, WeakMap<StatHistory, { known: number; of: Int32Array }>>();

function playersOf(snapshot: Snapshot, history: StatHistory): Int32Array {
  let byHistory = numbering.get(snapshot);
  if (!byHistory) numbering.set(snapshot, (byHistory = new WeakMap()));
  const memo = byHistory.get(history);
  // Numbers never change once given; only players recorded since need looking up again.
  if (memo && memo.known === history.uuids.length) return memo.of;
  const of = Int32Array.from(snapshot.players, (p) => history.playerOf(p.uuid) ?? -1);
  byHistory.set(history, { known: history.uuids.length, of });
  return of;
}

/**
 * What each player of the snapshot gained in stat `statId` over server days `first` to `last`,
 * by snapshot player index: the sum over `histories` (one server's, or every server of a
 * network: gains add up by uuid, as `mergeSaves` merges the players). A stat no history tracks
 * gains nothing. Players the snapshot hides are not in it, so they are in no period either.
 *
 * @example
 * ```ts
 * const week = snapshotGains(snapshot, [history], 'jump', 20_407, 20_413);
 * week[0]; // the first player's jumps that week
 * ```
 */
export function snapshotGains(snapshot: Snapshot, histories: readonly StatHistory[], statId: string, first: number, last: number): Float64Array {
  const out = new Float64Array(snapshot.players.length);
  for (const history of histories) {
    const column = history.stats.indexOf(statId);
    if (column < 0) continue;
    const sums = history.gainsOver(column, first, last);
    const of = playersOf(snapshot, history);
    for (let p = 0; p < of.length; p++) {
      const h = of[p]!;
      if (h >= 0) out[p]! += sums[h]!;
    }
  }
  return out;
}

/** The newest server day any of the histories recorded (the "today" periods end on), or null. */
export function historiesToday(histories: readonly StatHistory[]): number | null {
  let today: number | null = null;
  for (const h of histories) {
    const last = h.lastDay;
    if (last !== null && (today === null || last > today)) today = last;
  }
  return today;
}

/** The first server day any of the histories recorded (`recording_since` of the periods), or null. */
export function historiesSince(histories: readonly StatHistory[]): number | null {
  let since: number | null = null;
  for (const h of histories) {
    const first = h.firstDay;
    if (first !== null && (since === null || first < since)) since = first;
  }
  return since;
}
