import { closedSumOf } from './closed-sums.js';
import { eachDayGain } from './day-gains.js';
import type { PeriodParts } from './stat-history.js';

/** One history's part of a period board: its parts (`StatHistory.periodParts`) and its numbering both ways. */
export interface PodiumSource {
  parts: PeriodParts;
  /** The history's stat column of the board. */
  column: number;
  /** Snapshot player of each history player (-1: not in the snapshot). */
  to: Int32Array;
  /** History player of each snapshot player (-1: not in the history). */
  from: Int32Array;
}

/** Per snapshot player scratch, zeros between calls: 1 once looked at; today's gains. */
export interface PodiumScratch {
  looked: Uint8Array;
  today: Float64Array;
}

// Reused by every podium: the players with a gain today, those placed so far and their gains.
const active: number[] = [];
const players: number[] = [];
const gains: number[] = [];
/** The three largest gains considered, duplicates counted, descending (`filled` of them). */
const top = [0, 0, 0];
let filled = 0;

/**
 * Places 1-3 of one statistic's period board, as `[snapshot player, rank]` (competition ranks
 * among ranked players with a gain above 0: tied players share a medal), summed over the
 * histories of `sources` (a network's view sums every server's), without every player's sum:
 * the players with a gain today are summed one by one (their closed sums looked up), and the
 * others' gain is their closed sums, read from the largest down (`ClosedTop`, the list whose next
 * sum is largest first) until what a player not yet read could have, the next sums of all lists
 * together, is below the third place. Null when the kept largest run out before that: then every
 * player's sum is needed. A player's sums are added in another order than `addGainsOver` adds
 * them, which gives the same sum for counters (whole numbers). `ranked` marks the snapshot
 * players who may place.
 *
 * @example
 * const placed = openPodium([{ parts: history.periodParts(column, first, last), column, to, from }], ranked, scratch);
 * for (const [p, rank] of placed ?? []) medals[p][rank - 1]++;
 */
export function openPodium(sources: readonly PodiumSource[], ranked: Uint8Array, scratch: PodiumScratch): Array<[number, number]> | null {
  const { looked, today } = scratch;
  active.length = 0;
  players.length = 0;
  gains.length = 0;
  filled = 0;
  for (const { parts, column, to } of sources) {
    if (parts.today === null) continue;
    eachDayGain(parts.today, column, (h, gain) => {
      const p = to[h] ?? -1;
      if (p < 0) return;
      if (looked[p] === 0) {
        looked[p] = 1;
        active.push(p);
      }
      today[p]! += gain;
    });
  }
  for (const p of active) consider(p, ranked, today[p]! + closedOf(sources, p));
  const reached = walkLargest(sources, ranked, looked);
  for (const p of active) {
    looked[p] = 0;
    today[p] = 0;
  }
  if (!reached) return null;
  const out: Array<[number, number]> = [];
  for (let k = 0; k < players.length; k++) {
    const gain = gains[k]!;
    let rank = 1;
    for (let t = 0; t < filled; t++) if (top[t]! > gain) rank++;
    if (rank <= 3) out.push([players[k]!, rank]);
  }
  return out;
}

/**
 * Reads the histories' largest closed sums, the list with the largest next sum first, placing
 * the players not looked at yet (marked in `looked`, then unmarked); false when the lists ran
 * out while a player never read could still place.
 */
function walkLargest(sources: readonly PodiumSource[], ranked: Uint8Array, looked: Uint8Array): boolean {
  const at = sources.map(() => 0);
  const read: number[] = [];
  let reached = true;
  for (;;) {
    // What a player not read yet can have at most: each list's next sum, or below its last kept.
    let bound = 0;
    let next = -1;
    let best = -Infinity;
    let left = false; // whether any list has sums left to read
    for (let s = 0; s < sources.length; s++) {
      const list = sources[s]!.parts.closed?.top;
      if (list === undefined) continue;
      const n = list.players.length;
      if (at[s]! < n) {
        const sum = list.sums[at[s]!]!;
        bound += sum;
        left = true;
        if (sum > best) {
          best = sum;
          next = s;
        }
      } else if (!list.complete && n > 0) {
        bound += list.sums[n - 1]!;
      }
    }
    if (filled === 3 && bound < top[2]!) break;
    if (!left) {
      // Every list read: a player in none has less than `bound` (0 when every list is whole).
      reached = bound === 0 || (filled === 3 && top[2]! >= bound);
      break;
    }
    const source = sources[next]!;
    const h = source.parts.closed!.top.players[at[next]!]!;
    at[next]!++;
    const p = source.to[h] ?? -1;
    if (p < 0 || looked[p] === 1) continue;
    looked[p] = 1;
    read.push(p);
    consider(p, ranked, closedOf(sources, p));
  }
  for (const p of read) looked[p] = 0;
  return reached;
}

/** Snapshot player `p`'s closed sums over every history. */
function closedOf(sources: readonly PodiumSource[], p: number): number {
  let sum = 0;
  for (const { parts, from } of sources) {
    const h = from[p] ?? -1;
    if (h >= 0 && parts.closed !== null) sum += closedSumOf(parts.closed, h);
  }
  return sum;
}

/** Notes snapshot player `p`'s gain when they may place (ranked, a gain above 0). */
function consider(p: number, ranked: Uint8Array, gain: number): void {
  if (ranked[p] === 0 || !(gain > 0)) return;
  if (filled === 3 && gain < top[2]!) return;
  players.push(p);
  gains.push(gain);
  // Into the three largest, duplicates counted (one equal to the third changes nothing there).
  if (filled === 3 && gain === top[2]) return;
  let at = filled < 3 ? filled++ : 2;
  while (at > 0 && top[at - 1]! < gain) {
    top[at] = top[at - 1]!;
    at--;
  }
  top[at] = gain;
}
