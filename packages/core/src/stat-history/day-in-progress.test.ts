import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DayBlock, DayRow } from './day-block.js';
import { dayGains } from './day-gains.js';
import { DayInProgress } from './day-in-progress.js';
import { LatestValues } from './latest-values.js';

// The day in progress keeps sparse entries; this model keeps every reading dense, whole rows of
// every column, and derives the block and the gains from them column by column.

const WIDTH = 9;
const PLAYERS = 24;

/** A deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface DenseEntry {
  baseline: Float64Array | null;
  values: Float64Array;
}

class DenseDay {
  readonly rows = new Map<number, DenseEntry>();
  constructor(readonly day: number) {}

  reference(p: number, entry: DenseEntry, latest: LatestValues, s: number): number {
    return entry.baseline ? entry.baseline[s]! : latest.get(p, s);
  }

  read(p: number, values: ArrayLike<number>, latest: LatestValues): boolean {
    const reading = Float64Array.from({ length: WIDTH }, (_, s) => values[s] ?? 0);
    const entry = this.rows.get(p);
    if (entry === undefined && !latest.known(p)) {
      this.rows.set(p, { baseline: reading, values: reading });
      return true;
    }
    let same = true;
    for (let s = 0; s < WIDTH; s++) if (reading[s] !== (entry ? entry.values[s] : latest.get(p, s))) same = false;
    if (same) return false;
    this.rows.set(p, { baseline: entry?.baseline ?? null, values: reading });
    return true;
  }

  block(uuids: readonly string[], latest: LatestValues): DayBlock {
    const rows: DayRow[] = [];
    for (const [p, entry] of this.rows) {
      const values: number[] = [];
      for (let s = 0; s < WIDTH; s++) {
        if (entry.values[s] !== this.reference(p, entry, latest, s)) values.push(s, entry.values[s]!);
      }
      const baseline = entry.baseline ? [...entry.baseline].flatMap((v, s) => (v !== 0 ? [s, v] : [])) : null;
      if (baseline !== null || values.length > 0) rows.push({ uuid: uuids[p]!, baseline, values });
    }
    return { day: this.day, rows };
  }

  gains(latest: LatestValues): ReturnType<typeof dayGains> {
    const list = { stat: [] as number[], player: [] as number[], gain: [] as number[] };
    for (const [p, entry] of this.rows) {
      for (let s = 0; s < WIDTH; s++) {
        const gain = entry.values[s]! - this.reference(p, entry, latest, s);
        if (gain > 0) {
          list.stat.push(s);
          list.player.push(p);
          list.gain.push(gain);
        }
      }
    }
    return dayGains(this.day, WIDTH, list, list.stat.length);
  }
}

/** Latest closed values: every third player seen on a closed day, with a few values. */
function latestValues(next: () => number): LatestValues {
  const latest = new LatestValues(WIDTH);
  for (let p = 0; p < PLAYERS; p += 3) {
    latest.room(p, PLAYERS);
    latest.markKnown(p, PLAYERS);
    for (let s = 0; s < WIDTH; s++) if (next() < 0.5) latest.set(p, s, Math.floor(next() * 50));
  }
  return latest;
}

/** A reading near the player's last one: some columns moved up or down, some zero, some fractional. */
function readingNear(last: Float64Array, next: () => number): Float64Array {
  const reading = last.slice();
  const r = next();
  if (r < 0.3) return reading; // unchanged
  for (let s = 0; s < WIDTH; s++) {
    const roll = next();
    if (roll < 0.25) reading[s] = reading[s]! + Math.floor(next() * 20);
    else if (roll < 0.3) reading[s] = 0;
    else if (roll < 0.33) reading[s] = reading[s]! - 3; // a counter that went down
    else if (roll < 0.35) reading[s] = next() * 1e10;
  }
  return reading;
}

const uuids = Array.from({ length: PLAYERS }, (_, p) => `uuid-${p}`);

describe('DayInProgress', () => {
  it('gives the block and gains of dense readings, reading by reading and after a restore', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = random(seed);
      const latest = latestValues(next);
      const sparse = new DayInProgress(500);
      const dense = new DenseDay(500);
      const last = Array.from({ length: PLAYERS }, (_, p) => latest.copy(p));
      for (let step = 0; step < 200; step++) {
        const p = Math.floor(next() * PLAYERS);
        const reading = readingNear(last[p]!, next);
        last[p] = reading;
        assert.equal(sparse.read(p, reading, latest), dense.read(p, reading, latest), `seed ${seed} step ${step}`);
        if (step % 25 === 0) {
          assert.deepEqual(sparse.block(uuids), dense.block(uuids, latest), `block, seed ${seed} step ${step}`);
          assert.deepEqual(sparse.gains(latest), dense.gains(latest), `gains, seed ${seed} step ${step}`);
        }
      }
      const block = dense.block(uuids, latest);
      assert.deepEqual(sparse.block(uuids), block);
      assert.deepEqual(sparse.gains(latest), dense.gains(latest));
      // Restored from the day's block, then from two frames (the second one's rows replace entries).
      const restored = new DayInProgress(500);
      for (const row of block.rows) restored.restore(Number(row.uuid.slice(5)), row, undefined, latest);
      assert.deepEqual(restored.block(uuids), block, `restored, seed ${seed}`);
      assert.deepEqual(restored.gains(latest), dense.gains(latest), `restored gains, seed ${seed}`);
      const later = new DayInProgress(500);
      const half = block.rows.filter((_, i) => i % 2 === 0);
      for (const row of block.rows) later.restore(Number(row.uuid.slice(5)), { ...row, values: [] }, undefined, latest);
      for (const row of half) later.restore(Number(row.uuid.slice(5)), { ...row, baseline: null }, undefined, latest);
      for (const row of half) assert.deepEqual(later.block(uuids, [Number(row.uuid.slice(5))]).rows, [row], `frames, seed ${seed}`);
    }
  });

  it('keeps a first reading as its non-zero values only', () => {
    const latest = new LatestValues(WIDTH);
    const day = new DayInProgress(500);
    assert.equal(day.read(0, [0, 4, 0, 0, 0, 0, 0, 0, 2.5], latest), true);
    assert.equal(day.bytes(), 4 * 4 + 40, 'the baseline in 32 bits, 2.5 kept aside');
    assert.deepEqual(day.block(['a']).rows, [{ uuid: 'a', baseline: [1, 4, 8, 2.5], values: [] }]);
    assert.equal(day.read(0, [0, 4, 0, 0, 0, 0, 0, 0, 2.5], latest), false);
    assert.equal(day.read(0, [0, 6, 0, 0, 0, 0, 0, 0, 2.5], latest), true);
    assert.deepEqual(day.block(['a']).rows, [{ uuid: 'a', baseline: [1, 4, 8, 2.5], values: [1, 6] }]);
    assert.equal(day.bytes(), 4 * 4 + 40 + 2 * 8);
  });
});
