import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StatHistory } from './stat-history.js';

const WIDTH = 50;
const PLAYERS = 1000;
const uuid = (p: number): string => `00000000-0000-4000-8000-${String(p).padStart(12, '0')}`;
const reading = (p: number, extra: number): Float64Array => Float64Array.from({ length: WIDTH }, (_, s) => p + s + extra);

describe('StatHistory: what a day holds in memory', () => {
  it('keeps one array per player on the first day (no latest values yet), and the matrix once the day closed', () => {
    const stats = Array.from({ length: WIDTH }, (_, s) => `stat_${s}`);
    const history = new StatHistory(stats);
    for (let p = 0; p < PLAYERS; p++) history.read(20_000, uuid(p), reading(p, 0));
    // One reading per player (baseline and values at once), its uuid, and a byte each of `known`.
    const firstDay = history.bytes();
    assert.ok(firstDay <= PLAYERS * (100 + WIDTH * 8) + 2 * PLAYERS + 1024, `${firstDay} bytes on the first day`);

    // A second reading of half the players: their values now differ from their baselines.
    for (let p = 0; p < PLAYERS; p += 2) history.read(20_000, uuid(p), reading(p, 3));
    assert.equal(history.gainsOver(0, 20_000, 20_000)[0], 3);
    assert.equal(history.gainsOver(0, 20_000, 20_000)[1], 0);

    history.closeToday();
    assert.ok(history.bytes() >= PLAYERS * WIDTH * 8, 'the latest values are held once a day closed');
    assert.deepEqual(history.latestOf(1).pairs.slice(0, 4), [0, 1, 1, 2]);
    assert.deepEqual(history.latestOf(0).pairs.slice(0, 4), [0, 3, 1, 4]);
    // The next day starts from the closed values: an unchanged reading is no change.
    assert.equal(history.read(20_001, uuid(1), reading(1, 0)), false);
    assert.equal(history.read(20_001, uuid(0), reading(0, 4)), true);
    assert.equal(history.gainsOver(0, 20_001, 20_001)[0], 1);
  });
});
