/**
 * A small seeded generator (mulberry32) for the randomised tests: uniform in [0, 1), the same
 * sequence for the same seed on every run and machine.
 *
 * @example
 * const random = seeded(7);
 * random(); // 0.0117… every time
 */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
