import { byValue } from './by-value.js';
import { IndexColumn } from './index-column.js';
import type { SnapshotStat } from './types.js';

/**
 * The board of a patched stat: the unchanged players of the previous board in their order, each
 * changed player that is ranked and has a value merged in where a binary search puts them. The
 * search runs over the previous board as it was (sorted by the previous values, which the
 * unchanged players still have), and the changed players' old places are skipped while copying.
 * Written straight into an `IndexColumn` (the snapshot's form): no array of 10,000 numbers on
 * the heap for each stat a changed player moved on.
 */
export function mergedBoard(
  previous: SnapshotStat,
  values: ArrayLike<number>,
  changed: readonly number[],
  isChanged: Uint8Array,
  ranked: readonly boolean[],
  rankedBefore: readonly boolean[],
  nameRank: ArrayLike<number>,
): IndexColumn {
  const before = previous.board;
  const was = previous.values;
  const added = changed.filter((p) => ranked[p] && values[p]! > 0).sort(byValue(values, nameRank));
  // The previous board held exactly the players ranked then with a value above 0.
  let removed = 0;
  for (const p of changed) if (rankedBefore[p] && was[p]! > 0) removed++;
  const board = new IndexColumn(before.length - removed + added.length);
  let from = 0;
  let out = 0;
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
    for (; from < lo; from++) if (!isChanged[before[from]!]) board[out++] = before[from]!;
    board[out++] = p;
  }
  for (; from < before.length; from++) if (!isChanged[before[from]!]) board[out++] = before[from]!;
  return board;
}
