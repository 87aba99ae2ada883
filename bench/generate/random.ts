/**
 * A small seeded PRNG (sfc32 seeded through splitmix32) for the bench generator. Every player
 * gets its own stream derived from (seed, player index, purpose), so the files of player i are
 * the same whichever worker writes them and in whatever order.
 */
export interface Random {
  /** Uniform in [0, 1). */
  float(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** A stream for (seed, index, purpose): independent of every other index and purpose. */
export function randomFor(seed: number, index: number, purpose: number): Random {
  const mix = splitmix32((seed ^ Math.imul(index + 1, 0x27d4eb2d) ^ Math.imul(purpose + 1, 0x165667b1)) >>> 0);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix() | 1;
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 8; i++) next();
  const float = (): number => next() / 4294967296;
  return {
    float,
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    between: (min, max) => min + float() * (max - min),
    chance: (p) => float() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(float() * items.length)] as T,
  };
}
