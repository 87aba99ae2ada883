import { holderTime, type HolderTimes } from './holder-times.js';

/**
 * The `size`-th newest time among several lists, each sorted oldest first, of which only the
 * first `ends[k]` entries of list `k` count; -Infinity when they hold fewer than `size`. Every
 * time as new as the bound is among the `size` newest or tied with the last of them.
 *
 * A max-heap of the lists' newest untaken times is popped `size` times: the cost is
 * `size × log(lists)`, whatever the lists' lengths (the feed's holder lists hold every unlock
 * in the server's history).
 *
 * @example
 * newestBound([[1, 5, 9], [4, 7]], [3, 2], 3); // 5 (9, 7, 5)
 * newestBound([[1, 5, 9], [4, 7]], [3, 2], 6); // -Infinity (only 5 times)
 */
export function newestBound(lists: readonly (HolderTimes | readonly number[])[], ends: readonly number[], size: number): number {
  /** Each list's newest untaken entry (-1 when all are taken). */
  const next = ends.map((end) => end - 1);
  const key = (k: number): number => holderTime(lists[k]!, next[k]!)!;
  const heap: number[] = [];
  for (let k = 0; k < lists.length; k++) if (next[k]! >= 0) heap.push(k);
  for (let i = (heap.length >> 1) - 1; i >= 0; i--) siftDown(heap, i, key);
  let bound = -Infinity;
  for (let taken = 0; taken < size; taken++) {
    if (heap.length === 0) return -Infinity;
    const k = heap[0]!;
    bound = key(k);
    next[k]!--;
    if (next[k]! < 0) {
      const last = heap.pop()!;
      if (heap.length === 0) continue;
      heap[0] = last;
    }
    siftDown(heap, 0, key);
  }
  return bound;
}

/** Moves `heap[i]` down until no child's key is greater (a max-heap on `key`). */
function siftDown(heap: number[], i: number, key: (k: number) => number): void {
  const n = heap.length;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= n) return;
    const right = left + 1;
    const child = right < n && key(heap[right]!) > key(heap[left]!) ? right : left;
    if (key(heap[child]!) <= key(heap[i]!)) return;
    [heap[i], heap[child]] = [heap[child]!, heap[i]!];
    i = child;
  }
}
