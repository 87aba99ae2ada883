import { setFlagsFromString } from 'node:v8';

/** By how much V8 grows the young generation at once (its default: 2, doubling). */
export const YOUNG_GROWTH_FACTOR = 16;

let applied = false;

/** Whether the process was started with its own `--semi-space-growth-factor`. */
function givenAtStart(): boolean {
  return process.execArgv.some((flag) => /^--semi[-_]space[-_]growth[-_]factor(?:=|$)/.test(flag));
}

/**
 * Lets V8 grow the young generation to its maximum (16 MB a semi-space on 64-bit Node) in one
 * step instead of doubling from 1 MB, once its survivors outgrow it. Once per process; returns
 * false when the runtime refuses the flag (throws), or when the process was started with a
 * factor of its own (`node --semi-space-growth-factor=2 …`: the way to turn this off), which stays. The flag is read at every growth, so it
 * works set at run time (unlike the semi-space sizes, which V8 reads at start only).
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
 * against 331-332). It never goes past V8's own maximum, which a pull reaches anyway: the
 * peak is not raised; an idle server's collections shrink it back as before.
 *
 * @example
 * youngGenerationGrowth(); // once, when the server listens
 */
export function youngGenerationGrowth(): boolean {
  if (applied) return true;
  if (givenAtStart()) return false;
  try {
    setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GROWTH_FACTOR}`);
  } catch {
    return false;
  }
  applied = true;
  return true;
}
