import { byValue } from './by-value.js';
import { IndexColumn } from './index-column.js';
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
}

/**
 * The board of a patched stat: the unchanged players of the previous board in their order, each
 * changed player that is ranked and has a value merged in where a binary search puts them. The
 * search runs over the previous board as it was (sorted by the previous values, which the
 * unchanged players still have), and the changed players' old places are skipped while copying.
 * Written straight into an `IndexColumn` (the snapshot's form): no array of 10,000 numbers on
 * the heap for each stat a changed player moved on. The copy notes where the board first and
 * last differs from the previous one (`MergedBoard`).
 */
export function mergedBoard(
  previous: SnapshotStat,
  values: ArrayLike<number>,
  changed: readonly number[],
  isChanged: Uint8Array,
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
  nameRank: ArrayLike<number>,
): MergedBoard {
  const before = previous.board;
  const was = previous.values;
  const added = changed.filter((p) => ranked[p] && values[p]! > 0).sort(byValue(values, nameRank));
  // The previous board held exactly the players ranked then with a value above 0.
  let removed = 0;
  for (const p of changed) if (rankedBefore[p] && was[p]! > 0) removed++;
  const board = new IndexColumn(before.length - removed + added.length);
  let from = 0;
  let out = 0;
  // The first position where a changed player is left out or put in, and where the output and
  // the previous board stand after the last such place.
  let first = -1;
  let lastOut = 0;
  let lastFrom = 0;
  for (const p of added) {
    const v = values[p]!;
    const r = nameRank[p]!;
    let lo = from;
    let hi = before.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const q = before[mid]!;
      if (was[q]! > v || (was[q] === v && nameRank[q]! < r)) lo = mid + 1;
      else hi = mid;
    }
    for (; from < lo; from++) {
      const q = before[from]!;
      if (!isChanged[q]) board[out++] = q;
      else {
        // A changed player's old place, left out.
        if (first < 0) first = out;
        lastOut = out;
        lastFrom = from + 1;
      }
    }
    if (first < 0) first = out;
    board[out++] = p;
    lastOut = out;
    lastFrom = from;
  }
  for (; from < before.length; from++) {
    const q = before[from]!;
    if (!isChanged[q]) board[out++] = q;
    else {
      // A changed player's old place, left out.
      if (first < 0) first = out;
      lastOut = out;
      lastFrom = from + 1;
    }
  }
  if (first < 0) return { board, from: 0, to: 0 };
  // Past the last change the rest is copied at one offset: the previous board's own positions when it is 0.
  return { board, from: first, to: lastOut - lastFrom === 0 ? lastOut : board.length };
}
