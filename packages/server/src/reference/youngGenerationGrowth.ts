import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The young generation's size (new space: both semi-spaces) a serving process reaches in one step: two of 16 MB. */
export const YOUNG_TARGET_BYTES = 32 * 1024 * 1024;
/** V8's own growth factor (doubling), set again once the young generation is at the target. */
const V8_GROWTH_FACTOR = 2;

let applied = false;
let current = 0;

/** Whether the process was started with its own `--semi-space-growth-factor`. */
function givenAtStart(): boolean {
  return process.execArgv.some((flag) => /^--semi[-_]space[-_]growth[-_]factor(?:=|$)/.test(flag));
}

/**
 * The growth factor that takes a young generation of `newSpaceBytes` to the target in one step
 * (16 from 2 MB, 8 from 4 MB, …), and V8's own doubling once it is there. Capacities are powers of
 * two, so the step lands on the target exactly.
 */
export function growthFactorFor(newSpaceBytes: number): number {
  if (newSpaceBytes <= 0 || newSpaceBytes * V8_GROWTH_FACTOR > YOUNG_TARGET_BYTES) return V8_GROWTH_FACTOR;
  return Math.floor(YOUNG_TARGET_BYTES / newSpaceBytes);
}

/** The new space's size now, in bytes. */
function newSpaceBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/** Sets the factor for the young generation's size now, when it differs from the one set. */
function setFactor(): void {
  const factor = growthFactorFor(newSpaceBytes());
  if (factor === current) return;
  setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  current = factor;
}

/**
 * Lets V8 grow the young generation to 16 MB a semi-space in one step, instead of doubling it
 * from 1 MB, once its survivors outgrow it; past that, V8 grows it as it would (Node 20 and 22
 * stop at 16 MB, Node 24 may double it up to 64). After every collection the factor is set for
 * the size then (a `gc` performance observer), so a young generation an idle moment shrank grows
 * back in one step too. Once per process; returns false when the runtime refuses the flag
 * (throws), or when the process was started with a factor of its own
 * (`node --semi-space-growth-factor=2 …`: the way to turn this off), which stays. The flag is read
 * at every growth, so it works set at run time (unlike the semi-space sizes, which V8 reads at
 * start only).
 *
 * Why a serving process sets it: every young-generation collection (scavenge) walks the header
 * of every page of the old generation, whatever is on them, so its cost grows with the heap
 * (Node 20, 2026-11-29, load 13: 0.4 ms with 180 MB old, 15-27 ms with 0.65-1 GB, 4 KB
 * surviving; `--trace-gc-nvp` shows neither roots nor survivors nor the remembered set in that
 * time; `perf` puts it in ScavengerCollector::CollectGarbage's loop over the old pages). A
 * request allocates ~12 KB, ~10 of them in node:http, and V8 keeps the young generation at
 * 1 MB while the survivors are few: it shrinks it back there at an idle moment's collection,
 * and doubles it only after as many bytes survived as it holds (a scavenge leaves the ~5-12 KB
 * of the requests in flight, so 1 → 2 → 4 → 8 → 16 MB takes ~1 million requests). A scavenge
 * every ~130 requests at 50,000 players (575 MB heap), every ~80 at 10,000. With the factor, the
 * young generation is at 16 MB after the first ~100 scavenges of a busy spell: one every
 * ~1,000-1,300 requests. Measured (2026-11-29, load 15-21, alternating with the build before,
 * the site's player page): at 50,000 players CPU a request 88-89 → 70-77 µs, scavenge pauses
 * 54-66 → 7-8 µs a request; at 10,000 the resident size after the pull unchanged (328-329 MB
 * against 331-332). A single factor of 16 would take Node 24's young generation straight to its
 * 64 MB maximum (128 MB in all), ~40 MB more resident during a pull than V8's own growth: the
 * factor is set back to V8's once the target is reached.
 *
 * @example
 * youngGenerationGrowth(); // once, when the server listens
 */
export function youngGenerationGrowth(): boolean {
  if (applied) return true;
  if (givenAtStart()) return false;
  try {
    setFactor();
  } catch {
    return false;
  }
  new PerformanceObserver(setFactor).observe({ entryTypes: ['gc'] });
  applied = true;
  return true;
}
