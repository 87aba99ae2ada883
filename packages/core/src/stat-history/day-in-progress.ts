import type { DayBlock, DayRow } from './day-block.js';
import { dayGains, type DayGains } from './day-gains.js';
import { forEachPair } from './for-each-pair.js';
import { GainBuffer } from './gain-buffer.js';
import type { LatestValues } from './latest-values.js';

/** One player's entry of the day in progress: their first reading that day, if it was their first ever, and their latest. */
export interface DayEntry {
  baseline: Float64Array | null;
  values: Float64Array;
}

/**
 * The server day in progress of a stat history: each player's reading, latest first seen or
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

  constructor(day: number) {
    this.day = day;
  }

  /** Takes a reading of player `p`; true when it changed the day's entry. */
  read(p: number, values: ArrayLike<number>, latest: LatestValues): boolean {
    const width = latest.width;
    const entry = this.rows.get(p);
    if (entry === undefined && !latest.known(p)) {
      // One array for both: a day's entries are replaced, never modified in place, so the
      // first reading is the baseline and the values until the player's next change (at
      // 50,000 new players a copy each was 87 MB).
      const reading = Float64Array.from({ length: width }, (_, s) => values[s] ?? 0);
      this.rows.set(p, { baseline: reading, values: reading });
      return true;
    }
    const previous = entry?.values;
    let same = true;
    for (let s = 0; s < width && same; s++) same = (values[s] ?? 0) === (previous ? previous[s] : latest.get(p, s));
    if (same) return false;
    this.rows.set(p, { baseline: entry?.baseline ?? null, values: Float64Array.from({ length: width }, (_, s) => values[s] ?? 0) });
    return true;
  }

  /**
   * Restores player `p`'s entry from a row of the `today` file (its stat columns mapped by
   * `columns`): a row with a baseline (or the player's first, never seen on a closed day) starts
   * the entry; a later one without keeps the baseline before.
   */
  restore(p: number, row: DayRow, columns: ArrayLike<number> | undefined, latest: LatestValues): void {
    const width = latest.width;
    let baseline: Float64Array | null = null;
    if (row.baseline || (!latest.known(p) && !this.rows.has(p))) {
      const first = new Float64Array(width);
      forEachPair(row.baseline ?? row.values, columns, width, (s, v) => {
        first[s] = v;
      });
      baseline = first;
    } else baseline = this.rows.get(p)?.baseline ?? null;
    // Without changes since the baseline the values are the baseline (see `read`).
    const values = baseline && row.values.length === 0 ? baseline : baseline ? baseline.slice() : latest.copy(p);
    if (values !== baseline) {
      forEachPair(row.values, columns, width, (s, v) => {
        values[s] = v;
      });
    }
    this.rows.set(p, { baseline, values });
  }

  /** The day as a block; with `only` (history player numbers), just those players' rows. */
  block(uuids: readonly string[], latest: LatestValues, only?: Iterable<number>): DayBlock {
    const rows: DayRow[] = [];
    for (const p of only ?? this.rows.keys()) {
      const entry = this.rows.get(p);
      if (entry === undefined) continue;
      const row = rowOf(uuids[p]!, p, entry, latest);
      if (row !== null) rows.push(row);
    }
    return { day: this.day, rows };
  }

  /** The day's gains, packed like a closed day's. */
  gains(latest: LatestValues): DayGains {
    const width = latest.width;
    const list = new GainBuffer();
    for (const [p, { baseline, values }] of this.rows) {
      for (let s = 0; s < width; s++) {
        const gain = values[s]! - (baseline ? baseline[s]! : latest.get(p, s));
        if (gain > 0) list.push(s, p, gain);
      }
    }
    return dayGains(this.day, width, list, list.length);
  }

  /** Bytes held by the readings. */
  bytes(): number {
    let total = 0;
    for (const { baseline, values } of this.rows.values()) total += values.byteLength + (baseline !== null && baseline !== values ? baseline.byteLength : 0);
    return total;
  }
}

/** A player's row of the block: the changed values (and the first reading's non-zero ones), or null when there is nothing to write. */
function rowOf(uuid: string, p: number, { baseline, values }: DayEntry, latest: LatestValues): DayRow | null {
  const width = latest.width;
  const out: number[] = [];
  for (let s = 0; s < width; s++) {
    if (values[s] !== (baseline ? baseline[s] : latest.get(p, s))) out.push(s, values[s]!);
  }
  let first: number[] | null = null;
  if (baseline) {
    first = [];
    for (let s = 0; s < width; s++) if (baseline[s] !== 0) first.push(s, baseline[s]!);
  }
  return first !== null || out.length > 0 ? { uuid, baseline: first, values: out } : null;
}
