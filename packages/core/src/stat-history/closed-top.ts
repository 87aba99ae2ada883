/**
 * The largest of one statistic's closed sums (`ClosedSums.top`), largest first: every player whose
 * sum is at least the smallest listed (ties at the cut included), and whether that is every
 * player with a sum above 0. What a period's podium reads instead of every sum when only a few
 * players' gains changed since (see `openPodium`).
 */
export interface ClosedTop {
  /** History player numbers, by sum descending. */
  players: Int32Array;
  sums: Float64Array;
  /** True when every player with a sum above 0 is listed. */
  complete: boolean;
}

/**
 * The `ClosedTop` of `sums` (a sum per history player): at least `keep` players when that many
 * have a sum above 0, plus those tied with the last. A pass keeps the `keep` largest sums in a
 * small heap for the cut, a second takes every player at or above it.
 *
 * @example
 * const top = closedTop(Float64Array.of(0, 5, 3, 5, 1), 2);
 * [...top.players]; // [1, 3]: both sums of 5
 */
export function closedTop(sums: Float64Array, keep: number): ClosedTop {
  const { cut, positive } = cutOf(sums, keep);
  let taken = 0;
  for (let i = 0; i < sums.length; i++) if (sums[i]! >= cut) taken++;
  const players = new Int32Array(taken);
  for (let i = 0, k = 0; k < taken; i++) if (sums[i]! >= cut) players[k++] = i;
  players.sort((a, b) => sums[b]! - sums[a]! || a - b);
  const values = new Float64Array(taken);
  for (let k = 0; k < taken; k++) values[k] = sums[players[k]!]!;
  return { players, sums: values, complete: taken === positive };
}

/**
 * The `keep`-th largest of `sums` above 0 (the smallest such when fewer are; Infinity when none),
 * the root of a min-heap of the largest seen, and how many are above 0.
 */
function cutOf(sums: Float64Array, keep: number): { cut: number; positive: number } {
  const heap = new Float64Array(keep);
  let size = 0;
  let positive = 0;
  for (let k = 0; k < sums.length; k++) {
    const sum = sums[k]!;
    if (!(sum > 0)) continue;
    positive++;
    if (size < keep) {
      // Up from the end.
      let i = size++;
      while (i > 0 && heap[(i - 1) >> 1]! > sum) {
        heap[i] = heap[(i - 1) >> 1]!;
        i = (i - 1) >> 1;
      }
      heap[i] = sum;
    } else if (sum > heap[0]!) {
      // Down from the root, in place of the least.
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= size) break;
        const child = l + 1 < size && heap[l + 1]! < heap[l]! ? l + 1 : l;
        if (heap[child]! >= sum) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = sum;
    }
  }
  return { cut: size === 0 ? Infinity : heap[0]!, positive };
}
