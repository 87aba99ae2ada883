import type { DayBlock, DayRow } from './day-block.js';
import { dayGains, type DayGains } from './day-gains.js';
import { baselineArray, baselineColumn, baselinePairs, baselineValue, BaselineWriter, type Baseline } from './baseline-pairs.js';
import { forEachPair } from './for-each-pair.js';
import { GainBuffer } from './gain-buffer.js';
import type { LatestValues } from './latest-values.js';

/**
 * One player's entry of the day in progress, sparse: `[column, value, …]` pairs, columns
 * ascending. `baseline` holds the non-zero values of their first reading, if it was their first
 * ever (packed in 32 bits, see `Baseline`); `changes` the latest reading's values that differ
 * from the reference (the baseline, or else their latest closed values). Dense rows of every
 * column were 87 MB at 50,000 players on a history's first day, when every player is new and
 * holds a few dozen non-zero values of 217.
 */
export interface DayEntry {
  baseline: Baseline | null;
  changes: readonly number[];
}

const NO_PAIRS: readonly number[] = Object.freeze([]);

/** Dense scratch rows of `width` columns, reused from reading to reading: the reference and the reading. */
const scratch = { reference: new Float64Array(0), reading: new Float64Array(0) };

function rowsOf(width: number): { reference: Float64Array; reading: Float64Array } {
  if (scratch.reference.length !== width) {
    scratch.reference = new Float64Array(width);
    scratch.reading = new Float64Array(width);
  }
  return scratch;
}

/**
 * The day in progress of a stat history: each player's reading, latest first seen or
 * changed this day, against their latest closed values (`LatestValues`). What the `today` file
 * holds, and what closes into a day's block.
 *
 * @example
 * const today = new DayInProgress(20_000);
 * today.read(0, Float64Array.of(100, 5), latest); // true: the player's first reading
 */
export class DayInProgress {
  readonly day: number;
  /** Entries by history player number. */
  readonly rows = new Map<number, DayEntry>();
  readonly #baselines = new BaselineWriter();

  constructor(day: number) {
    this.day = day;
  }

  /** Takes a reading of player `p`; true when it changed the day's entry. */
  read(p: number, values: ArrayLike<number>, latest: LatestValues): boolean {
    const width = latest.width;
    const entry = this.rows.get(p);
    const { reference, reading } = rowsOf(width);
    for (let s = 0; s < width; s++) reading[s] = values[s] ?? 0;
    if (entry === undefined && !latest.known(p)) {
      // The first reading is the baseline and the values until the player's next change.
      this.rows.set(p, { baseline: this.#nonZero(reading), changes: NO_PAIRS });
      return true;
    }
    const baseline = entry?.baseline ?? null;
    referenceOf(reference, baseline, p, latest);
    if (sameAsEntry(reading, reference, entry?.changes ?? NO_PAIRS)) return false;
    this.rows.set(p, { baseline, changes: changedPairs(reading, reference) });
    return true;
  }

  /**
   * Restores player `p`'s entry from a row of the `today` file (its stat columns mapped by
   * `columns`): a row with a baseline (or the player's first, never seen on a closed day) starts
   * the entry; a later one without keeps the baseline before.
   */
  restore(p: number, row: DayRow, columns: ArrayLike<number> | undefined, latest: LatestValues): void {
    const width = latest.width;
    const { reference, reading } = rowsOf(width);
    let baseline: Baseline | null;
    if (row.baseline || (!latest.known(p) && !this.rows.has(p))) {
      reference.fill(0);
      forEachPair(row.baseline ?? row.values, columns, width, (s, v) => {
        reference[s] = v;
      });
      baseline = this.#nonZero(reference);
    } else baseline = this.rows.get(p)?.baseline ?? null;
    referenceOf(reference, baseline, p, latest);
    reading.set(reference);
    forEachPair(row.values, columns, width, (s, v) => {
      reading[s] = v;
    });
    this.rows.set(p, { baseline, changes: changedPairs(reading, reference) });
  }

  /** The day as a block; with `only` (history player numbers), just those players' rows. */
  block(uuids: readonly string[], only?: Iterable<number>): DayBlock {
    const rows: DayRow[] = [];
    for (const p of only ?? this.rows.keys()) {
      const entry = this.rows.get(p);
      if (entry === undefined) continue;
      if (entry.baseline !== null || entry.changes.length > 0) rows.push({ uuid: uuids[p]!, baseline: entry.baseline && baselineArray(entry.baseline), values: [...entry.changes] });
    }
    return { day: this.day, rows };
  }

  /** The day's gains, packed like a closed day's. */
  gains(latest: LatestValues): DayGains {
    const width = latest.width;
    const list = new GainBuffer();
    for (const [p, { baseline, changes }] of this.rows) {
      // Only the changed columns can gain; the baseline's pairs are walked alongside (both ascending).
      let b = 0;
      const pairs = baseline === null ? 0 : baselinePairs(baseline);
      for (let i = 0; i < changes.length; i += 2) {
        const s = changes[i]!;
        let reference: number;
        if (baseline === null) reference = latest.get(p, s);
        else {
          while (b < pairs && baselineColumn(baseline, b) < s) b++;
          reference = b < pairs && baselineColumn(baseline, b) === s ? baselineValue(baseline, b) : 0;
        }
        const gain = changes[i + 1]! - reference;
        if (gain > 0) list.push(s, p, gain);
      }
    }
    return dayGains(this.day, width, list, list.length);
  }

  /** Bytes held by the readings (the baselines' 4 a number, the changes' 8). */
  bytes(): number {
    let total = this.#baselines.bytes();
    for (const { changes } of this.rows.values()) total += 8 * changes.length;
    return total;
  }

  /** The non-zero values of `row` as a baseline. */
  #nonZero(row: Float64Array): Baseline {
    const list = columnList(row.length);
    let n = 0;
    for (let s = 0; s < row.length; s++) if (row[s] !== 0) list[n++] = s;
    return this.#baselines.add(list, n, row);
  }
}

/** `into` set to the reference of a player's changes: their baseline's values, or else their latest closed values. */
function referenceOf(into: Float64Array, baseline: Baseline | null, p: number, latest: LatestValues): void {
  if (baseline === null) {
    for (let s = 0; s < into.length; s++) into[s] = latest.get(p, s);
    return;
  }
  into.fill(0);
  for (let i = 0; i < baselinePairs(baseline); i++) into[baselineColumn(baseline, i)] = baselineValue(baseline, i);
}

/** Whether `reading` is the reference with `changes` applied, column by column (as `===`). */
function sameAsEntry(reading: Float64Array, reference: Float64Array, changes: readonly number[]): boolean {
  let next = 0;
  for (let s = 0; s < reading.length; s++) {
    let current = reference[s]!;
    if (next < changes.length && changes[next] === s) {
      current = changes[next + 1]!;
      next += 2;
    }
    if (reading[s] !== current) return false;
  }
  return true;
}

/**
 * Pairs in an array of exactly their size, filled by index: V8 then keeps them as small
 * integers (4 bytes each) or unboxed doubles, with no room to grow.
 */
function pairsOf(count: number, columnsOf: Int32Array, row: Float64Array): number[] {
  const pairs = new Array<number>(count * 2);
  for (let i = 0; i < count; i++) {
    const s = columnsOf[i]!;
    pairs[2 * i] = s;
    pairs[2 * i + 1] = row[s]!;
  }
  return pairs;
}

const columns = { list: new Int32Array(0) };

function columnList(width: number): Int32Array {
  if (columns.list.length < width) columns.list = new Int32Array(width);
  return columns.list;
}

/** The values of `reading` that differ from `reference` (as `!==`), as pairs. */
function changedPairs(reading: Float64Array, reference: Float64Array): readonly number[] {
  const list = columnList(reading.length);
  let n = 0;
  for (let s = 0; s < reading.length; s++) if (reading[s] !== reference[s]) list[n++] = s;
  return n === 0 ? NO_PAIRS : pairsOf(n, list, reading);
}
