import { setFlagsFromString } from 'node:v8';

/** How far V8 lets the old generation grow past the live data after a full collection. */
export const HEAP_GROWING_PERCENT = 50;

let applied = false;

/**
 * Lets V8's old generation grow by a fixed {@link HEAP_GROWING_PERCENT} % past the live data
 * after each full collection, instead of by the factor V8 derives from the recent allocation
 * rate. Once per process; returns false when the runtime refuses the flag (throws).
 *
 * Why the reference server sets it, once its first pull is done: it already collects garbage
 * itself after every pull (see `collectGarbage`), so its heap never ratchets up between pulls.
 * V8's own factor then only decides where the next collection starts. It falls as the
 * allocation rate falls: at an idle server's collections it came out at 1.25-1.5
 * (`--trace-gc-verbose`, 10,000 players), and the next pull's build, which allocates some
 * 40 MB there, crossed the limit and ran beside a full incremental marking (~45 ms more build
 * time at 10k, 2026-11-27). The first pull keeps V8's default, so its peak (parsing every file)
 * is not raised.
 *
 * @example
 * if (firstGoodPull) steadyHeapGrowth();
 */
export function steadyHeapGrowth(): boolean {
  if (applied) return true;
  try {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  } catch {
    return false;
  }
  applied = true;
  return true;
}
