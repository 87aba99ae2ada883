import { byValue } from './by-value.js';
import { IndexColumn, indexColumn } from './index-column.js';
import { columnToWrite } from './pooled-column.js';
import type { SnapshotStat } from './types.js';

/** A merged board, and the positions `[from, to)` outside which it is the previous board's. */
export interface MergedBoard {
  board: IndexColumn;
  /**
   * Outside `[from, to)` the board holds the previous board's players at the same positions
   * (unchanged players, so with the same values): nothing else there needs comparing or ranking
   * again. Empty (`from === to`) when the board is the previous one.
   */
  from: number;
  to: number;
  /**
   * The stretches of the board copied whole from the previous board, in order, as flat triples
   * `[start, end, shift]`: positions `start` to `end - 1` hold the previous board's players at
   * positions `start - shift` to `end - 1 - shift` (unchanged players, in the same order). The
   * positions between them hold the changed players merged in.
   */
  runs: number[];
}

/**
 * The board of a patched stat: the unchanged players of the previous board in their order, each
 * changed player that is ranked and has a value merged in where a binary search puts them. The
 * searches run over the previous board as it was (sorted by the previous values, which the
 * unchanged players still have, then name order): one finds where each changed player was (to be
 * left out), one where each comes in. Between those places the previous board is copied in whole
 * stretches (`runs`), not player by player: the work grows with the changed players, plus one
 * native copy of the board. Written straight into an `IndexColumn` (the snapshot's form). The
 * copy notes where the board first and last differs from the previous one (`MergedBoard`).
 */
export function mergedBoard(
  previous: SnapshotStat,
  values: ArrayLike<number>,
  changed: readonly number[],
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
  nameRank: ArrayLike<number>,
): MergedBoard {
  const before = previous.board instanceof IndexColumn ? previous.board : indexColumn(previous.board);
  const was = previous.values;
  const added = changed.filter((p) => ranked[p] && values[p]! > 0).sort(byValue(values, nameRank));
  // The previous board held exactly the players ranked then with a value above 0.
  const left = oldPlaces(before, was, changed.filter((p) => rankedBefore[p] && was[p]! > 0), nameRank);
  const board = columnToWrite(IndexColumn, before.length - left.length + added.length);
  const runs: number[] = [];
  let src = 0;
  let out = 0;
  let l = 0;
  let a = 0;
  let lo = 0;
  // The first position where a changed player is left out or put in, and where the output and
  // the previous board stand after the last such place.
  let first = -1;
  let lastOut = 0;
  let lastFrom = 0;
  for (;;) {
    // Where the next changed player comes in: before the previous board's player at `lo`.
    if (a < added.length && lo < src) lo = src;
    const into = a < added.length ? (lo = placeOf(before, was, nameRank, values[added[a]!]!, added[a]!, lo)) : before.length + 1;
    const out1 = l < left.length ? left[l]! : before.length + 1;
    const stop = Math.min(into, out1, before.length);
    if (stop > src) {
      copyRun(board, out, before, src, stop);
      runs.push(out, out + stop - src, out - src);
      out += stop - src;
      src = stop;
    }
    if (into <= out1 && a < added.length) {
      if (first < 0) first = out;
      board[out++] = added[a++]!;
      lastOut = out;
      lastFrom = src;
    } else if (l < left.length) {
      // A changed player's old place, left out.
      if (first < 0) first = out;
      lastOut = out;
      lastFrom = ++src;
      l++;
    } else break;
  }
  if (first < 0) return { board, from: 0, to: 0, runs };
  // Past the last change the rest is copied at one offset: the previous board's own positions when it is 0.
  return { board, from: first, to: lastOut - lastFrom === 0 ? lastOut : board.length, runs };
}

/** A run this long or longer is copied natively (`set`), a shorter one in a loop (a `subarray` costs more). */
const NATIVE_COPY = 64;

/** Copies `before[from..to)` into `board` from position `out`. */
function copyRun(board: IndexColumn, out: number, before: IndexColumn, from: number, to: number): void {
  if (to - from >= NATIVE_COPY) board.set(before.subarray(from, to), out);
  else for (let i = from; i < to; i++) board[out++] = before[i]!;
}

/**
 * The first position from `lo` on of the previous board (sorted by the previous values `was`,
 * best first, then name order) whose player does not come before player `p` with value `v`.
 */
function placeOf(before: IndexColumn, was: ArrayLike<number>, nameRank: ArrayLike<number>, v: number, p: number, lo: number): number {
  const r = nameRank[p]!;
  let hi = before.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const q = before[mid]!;
    if (was[q]! > v || (was[q] === v && nameRank[q]! < r)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The positions on the previous board of `players` (each on it), ascending. */
function oldPlaces(before: IndexColumn, was: ArrayLike<number>, players: readonly number[], nameRank: ArrayLike<number>): Int32Array {
  const places = new Int32Array(players.length);
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    const at = placeOf(before, was, nameRank, was[p]!, p, 0);
    if (before[at] !== p) throw new Error(`mergedBoard: player ${p} is not on the previous board where its value puts it`);
    places[i] = at;
  }
  return places.sort();
}
