/**
 * A baseline of the day in progress (a new player's first reading: its non-zero values) as
 * `[column, value, …]` pairs in a shared block of 32-bit numbers, from `start` to `end`: 8
 * bytes a pair where a plain array of numbers took 16 (~67 pairs a player: ~54 MB at 50,000
 * players on a history's first day). A value an int32 cannot hold (a fraction, -0, beyond
 * ±2^31) is in `wide`, by its slot (which holds 0).
 */
export interface Baseline {
  readonly numbers: Int32Array;
  readonly start: number;
  readonly end: number;
  readonly wide: ReadonlyMap<number, number> | null;
}

/** Numbers a block holds (1 MB): a baseline never straddles two, at most ~0.2 % of a block is left unused. */
const BLOCK = 1 << 18;

/**
 * Where a day's baselines are written: blocks of `BLOCK` numbers filled one baseline after the
 * other, a new one started when the next does not fit. Baselines are never changed once written
 * (a baseline restored again is written anew: the day's file is read once at start).
 *
 * @example
 * const writer = new BaselineWriter();
 * const baseline = writer.add(Int32Array.of(1, 8), 2, Float64Array.of(0, 4, 0, 0, 0, 0, 0, 0, 2.5));
 * baselineValue(baseline, 1); // 2.5 (the second pair's value)
 */
export class BaselineWriter {
  #block = new Int32Array(0);
  #used = 0;
  /** Numbers written into blocks, for `bytes`. */
  #written = 0;
  #wide = 0;

  /** The pairs of `count` columns (`columns`, ascending) with their values in `row`. */
  add(columns: Int32Array, count: number, row: Float64Array): Baseline {
    const size = 2 * count;
    if (this.#used + size > this.#block.length) {
      this.#block = new Int32Array(Math.max(BLOCK, size));
      this.#used = 0;
    }
    const numbers = this.#block;
    const start = this.#used;
    let wide: Map<number, number> | null = null;
    for (let i = 0; i < count; i++) {
      const s = columns[i]!;
      const v = row[s]!;
      const at = start + 2 * i;
      numbers[at] = s;
      numbers[at + 1] = v;
      if (numbers[at + 1] !== v || (v === 0 && 1 / v < 0)) {
        numbers[at + 1] = 0;
        (wide ??= new Map()).set(at + 1, v);
        this.#wide++;
      }
    }
    this.#used += size;
    this.#written += size;
    return { numbers, start, end: start + size, wide };
  }

  /** Bytes held by the baselines written (4 a number, ~40 a value kept aside). */
  bytes(): number {
    return 4 * this.#written + 40 * this.#wide;
  }
}

/** The number of pairs of a baseline. */
export function baselinePairs(baseline: Baseline): number {
  return (baseline.end - baseline.start) / 2;
}

/** The column of pair `i`. */
export function baselineColumn(baseline: Baseline, i: number): number {
  return baseline.numbers[baseline.start + 2 * i]!;
}

/** The value of pair `i`. */
export function baselineValue(baseline: Baseline, i: number): number {
  const at = baseline.start + 2 * i + 1;
  return baseline.wide !== null && baseline.wide.has(at) ? baseline.wide.get(at)! : baseline.numbers[at]!;
}

/** The pairs as a plain array. */
export function baselineArray(baseline: Baseline): number[] {
  const n = baselinePairs(baseline);
  const pairs = new Array<number>(2 * n);
  for (let i = 0; i < n; i++) {
    pairs[2 * i] = baselineColumn(baseline, i);
    pairs[2 * i + 1] = baselineValue(baseline, i);
  }
  return pairs;
}
