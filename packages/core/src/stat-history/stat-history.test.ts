import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import { StatHistory } from './stat-history.js';

/** Three players over days 100-104: small gains, one above 2^32, one not whole; day 104 open. */
function history(): StatHistory {
  const h = new StatHistory(['play_time', 'jump', 'walk']);
  const values = [Float64Array.of(0, 0, 0), Float64Array.of(10, 5, 0), Float64Array.of(0, 0, 0.5)];
  for (let day = 100; day <= 104; day++) {
    values.forEach((row, p) => {
      if ((day + p) % 3 === 0) return; // not everyone every day
      row[0]! += 100 * (p + 1);
      row[1]! += day === 102 && p === 1 ? 2 ** 33 : p + day;
      row[2]! += p === 2 ? 1.25 : 0;
      h.read(day, `uuid-${p}`, row);
    });
    if (day < 104) h.closeToday();
  }
  return h;
}

/** `addGainsOver` with the identity numbering, or a reversed one. */
function added(h: StatHistory, column: number, first: number, last: number, reversed = false): number[] {
  const n = h.uuids.length;
  const to = Int32Array.from({ length: n }, (_, p) => (reversed ? n - 1 - p : p));
  const into = new Float64Array(n);
  h.addGainsOver(column, first, last, into, to);
  return reversed ? [...into].reverse() : [...into];
}

describe('StatHistory.addGainsOver', () => {
  test('adds what gainsOver sums, for every range, through any numbering, before and after a pull and a closed day', () => {
    const h = history();
    const check = () => {
      for (let column = 0; column < 3; column++) {
        for (let first = 99; first <= 105; first++) {
          for (let last = first; last <= 105; last++) {
            const expected = [...h.gainsOver(column, first, last)];
            assert.deepEqual(added(h, column, first, last), expected, `${column} ${first}-${last}`);
            assert.deepEqual(added(h, column, first, last, true), expected, `${column} ${first}-${last} reversed`);
          }
        }
      }
    };
    check();
    h.read(104, 'uuid-0', Float64Array.of(1e4, 1e4, 0)); // a pull: the day in progress changes
    h.read(104, 'uuid-9', Float64Array.of(5, 5, 5)); // a newcomer: not in the closed sums
    check();
    h.closeToday(); // a closed day: the closed sums are summed again
    h.read(105, 'uuid-1', Float64Array.of(1e6, 1e10, 1));
    check();
  });

  test('skips players the numbering maps to -1', () => {
    const h = history();
    const into = new Float64Array(h.uuids.length);
    h.addGainsOver(1, 100, 104, into, Int32Array.of(0, -1, 2));
    assert.equal(into[1], 0);
    assert.equal(into[0], h.gainsOver(1, 100, 104)[0]);
  });
});

const WIDTH = 50;
const PLAYERS = 1000;
const uuid = (p: number): string => `00000000-0000-4000-8000-${String(p).padStart(12, '0')}`;
const reading = (p: number, extra: number): Float64Array => Float64Array.from({ length: WIDTH }, (_, s) => p + s + extra);

describe('StatHistory: what a day holds in memory', () => {
  it('keeps one array per player on the first day (no latest values yet), and the matrix once the day closed', () => {
    const stats = Array.from({ length: WIDTH }, (_, s) => `stat_${s}`);
    const history = new StatHistory(stats);
    for (let p = 0; p < PLAYERS; p++) history.read(20_000, uuid(p), reading(p, 0));
    // One reading per player (baseline and values at once, its non-zero values as column and
    // value pairs: here every column but one), its uuid, and a byte each of `known`.
    const firstDay = history.bytes();
    assert.ok(firstDay <= PLAYERS * (100 + 2 * WIDTH * 8) + 2 * PLAYERS + 1024, `${firstDay} bytes on the first day`);

    // A second reading of half the players: their values now differ from their baselines.
    for (let p = 0; p < PLAYERS; p += 2) history.read(20_000, uuid(p), reading(p, 3));
    assert.equal(history.gainsOver(0, 20_000, 20_000)[0], 3);
    assert.equal(history.gainsOver(0, 20_000, 20_000)[1], 0);

    history.closeToday();
    assert.ok(history.bytes() >= PLAYERS * WIDTH * 4, 'the latest values are held (32 bits each) once a day closed');
    assert.deepEqual(history.latestOf(1).pairs.slice(0, 4), [0, 1, 1, 2]);
    assert.deepEqual(history.latestOf(0).pairs.slice(0, 4), [0, 3, 1, 4]);
    // The next day starts from the closed values: an unchanged reading is no change.
    assert.equal(history.read(20_001, uuid(1), reading(1, 0)), false);
    assert.equal(history.read(20_001, uuid(0), reading(0, 4)), true);
    assert.equal(history.gainsOver(0, 20_001, 20_001)[0], 1);
  });
});
