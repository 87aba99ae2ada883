import { closedTop, type ClosedTop } from './closed-top.js';
import { addDayGains, type DayGains } from './day-gains.js';
import type { TouchedPlayers } from './touched-players.js';

/**
 * One statistic's sums over a run of closed days, by history player number, in the smaller of
 * two forms: dense (`players` null, a sum per player) or sparse (the players with a sum, and
 * theirs); whole sums below 2^32 in 32 bits, any other sum in 64.
 */
export interface ClosedSums {
  players: Uint32Array | null;
  sums: Uint32Array | Float64Array;
  /** The largest sums, largest first (what a podium reads after a pull: see `openPodium`). */
  top: ClosedTop;
}

/** Players each `top` lists at least: enough that a podium rarely runs past them (see `openPodium`). */
const TOP_KEPT = 64;

/**
 * Sums stat column `column` over `days` (closed days, each counted once) for `players` history
 * players, packed as `ClosedSums`: what a period's queries keep so that, until the next day
 * closes, a period's gains are these sums plus the day in progress.
 *
 * @example
 * ```ts
 * const year = closedSums(days, column, history.uuids.length);
 * addClosedSums(year, into, to); // into[to[player]] += the player's sum
 * ```
 */
export function closedSums(days: Iterable<DayGains>, column: number, players: number): ClosedSums {
  const all = new Float64Array(players);
  for (const day of days) addDayGains(day, column, all);
  let count = 0;
  let whole = true;
  for (let p = 0; p < players; p++) {
    const v = all[p]!;
    if (v === 0) continue;
    count++;
    if (whole && !(Number.isInteger(v) && v > 0 && v < 2 ** 32)) whole = false;
  }
  const top = closedTop(all, TOP_KEPT);
  const Sums = whole ? Uint32Array : Float64Array;
  const bytes = whole ? 4 : 8;
  // Sparse costs 4 bytes more per player with a sum; dense a sum for every player.
  if (count * (4 + bytes) >= players * bytes) return { players: null, sums: whole ? Uint32Array.from(all) : all, top };
  const ids = new Uint32Array(count);
  const sums = new Sums(count);
  for (let p = 0, i = 0; p < players; p++) {
    if (all[p] === 0) continue;
    ids[i] = p;
    sums[i++] = all[p]!;
  }
  return { players: ids, sums, top };
}

/**
 * Adds `sums` into `into` at `into[to[player]]` (players `to` maps to -1, or beyond it, are
 * skipped), or at `into[player]` without `to`; `touched`, when given, notes each position added to.
 */
export function addClosedSums({ players, sums }: ClosedSums, into: Float64Array, to?: Int32Array, touched?: TouchedPlayers): void {
  if (to === undefined) {
    if (players === null) for (let p = 0; p < sums.length; p++) into[p]! += sums[p]!;
    else for (let i = 0; i < players.length; i++) into[players[i]!]! += sums[i]!;
    return;
  }
  if (players === null) {
    const n = Math.min(sums.length, to.length);
    for (let p = 0; p < n; p++) {
      const v = sums[p]!;
      if (v === 0) continue;
      const at = to[p]!;
      if (at < 0) continue;
      into[at]! += v;
      touched?.add(at);
    }
    return;
  }
  for (let i = 0; i < players.length; i++) {
    const at = to[players[i]!] ?? -1;
    if (at < 0) continue;
    into[at]! += sums[i]!;
    touched?.add(at);
  }
}

/** Bytes held by closed sums. */
export const closedSumsBytes = ({ players, sums, top }: ClosedSums): number => sums.byteLength + (players?.byteLength ?? 0) + top.players.byteLength + top.sums.byteLength;

/** History player `player`'s sum in `sums` (0 when it has none): direct when dense, a binary search when sparse. */
export function closedSumOf({ players, sums }: ClosedSums, player: number): number {
  if (players === null) return player < sums.length ? sums[player]! : 0;
  let lo = 0;
  let hi = players.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = players[mid]!;
    if (at === player) return sums[mid]!;
    if (at < player) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}
