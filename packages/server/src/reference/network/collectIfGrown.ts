import { getHeapStatistics } from 'node:v8';
import { collectGarbage } from '../collectGarbage.js';

/** Growth of V8's heap (bytes) past which a network pull's step is followed by a full collection. */
export const COLLECT_PAST_GROWTH = 64 * 1048576;

/** V8's heap size now (bytes, what it holds for live data and garbage alike): give it to `collectIfGrown` after the step. */
export function heapSize(): number {
  return getHeapStatistics().total_heap_size;
}

/**
 * Runs a full collection when the heap grew by more than {@link COLLECT_PAST_GROWTH} since
 * `before` (a `heapSize()`), so that the next step of the pull allocates in the space the last
 * one's garbage held instead of growing the heap past it. Returns true when it collected.
 *
 * Why a network pull needs it after its merge: a first merge unpacks the counters and
 * advancements of every player seen on several servers and packs the sums again. Nearly all of
 * it is garbage at once, but the scavenges of that one long loop promote a part of it: V8 grew
 * its heap by ~105 MB over ~10 MB of live data at 5 × 2,000 slots (`--trace-gc`), and the
 * network's snapshot and the five views were built on top of it (the first pull's peak there:
 * 495 → 412 MB with this collection, ~0.2 s). At 5 × 10,000 the peak is the live data of the
 * pull's end, which no collection lowers. A pull that changed a few players grows the heap by a
 * few MB and collects nothing here.
 *
 * @example
 * const before = heapSize();
 * const network = mergeSaves(members);
 * collectIfGrown(before);
 */
export function collectIfGrown(before: number): boolean {
  if (heapSize() - before <= COLLECT_PAST_GROWTH) return false;
  return collectGarbage();
}
