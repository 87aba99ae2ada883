import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addDayGains, addDayGainsTo, dayGains, dayGainsBytes, eachDayGain } from './day-gains.js';
import { TouchedPlayers } from './touched-players.js';

/** Every gain of stat `s` as `[player, gain]` pairs, in the order read. */
const gainsOf = (day: ReturnType<typeof dayGains>, s: number): Array<[number, number]> => {
  const out: Array<[number, number]> = [];
  eachDayGain(day, s, (p, g) => out.push([p, g]));
  return out;
};

describe('dayGains(day, stats, list)', () => {
  it('reads back every gain by stat, players ascending, whatever their width', () => {
    const gains = [1, 255, 256, 65_535, 65_536, 2 ** 24 - 1, 2 ** 24, 2 ** 32 + 5, 2 ** 53, 0.5, 2 ** 60, 7];
    const players = [0, 62, 63, 64, 200, 1_000, 70_000, 70_001, 2 ** 31 - 2, 2 ** 31 - 1, 2 ** 31 - 1, 3];
    const day = dayGains(20_000, 3, { stat: gains.map((_, i) => (i === 11 ? 0 : 1)), player: players, gain: gains });
    assert.deepEqual(gainsOf(day, 0), [[3, 7]]);
    assert.deepEqual(
      gainsOf(day, 1),
      players.slice(0, 11).map((p, i) => [p, gains[i]]),
    );
    assert.deepEqual(gainsOf(day, 2), []);
    assert.equal(day.day, 20_000);
  });

  it('sorts players given out of order (a stable sort: two gains of one player keep theirs)', () => {
    const day = dayGains(1, 2, { stat: [0, 1, 0, 0, 1], player: [9, 4, 2, 9, 0], gain: [5, 6, 7, 8, 9] });
    assert.deepEqual(gainsOf(day, 0), [[2, 7], [9, 5], [9, 8]]);
    assert.deepEqual(gainsOf(day, 1), [[0, 9], [4, 6]]);
  });

  it('adds a stat into sums, directly or through another numbering, noting who gained', () => {
    const day = dayGains(1, 2, { stat: [1, 1, 0], player: [0, 2, 2], gain: [10, 300_000, 4] });
    const sums = new Float64Array(3);
    addDayGains(day, 1, sums);
    addDayGains(day, 1, sums);
    assert.deepEqual([...sums], [20, 0, 600_000]);
    const into = new Float64Array(2);
    const touched = new TouchedPlayers(2);
    addDayGainsTo(day, 1, into, Int32Array.of(1, -1, -1), touched);
    assert.deepEqual([...into], [0, 10]);
    assert.deepEqual([...touched.list.subarray(0, touched.count)], [1]);
  });

  it('adds the same gains it reads, long steps and wide gains included', () => {
    const players = [1, 64, 127, 128, 5_000, 5_001, 70_000, 70_063];
    const gains = [3, 2 ** 40, 0.25, 255, 2 ** 24, 65_536, 1, 2 ** 53 + 2];
    const day = dayGains(1, 1, { stat: new Array<number>(8).fill(0), player: players, gain: gains });
    const sums = new Float64Array(70_064);
    addDayGains(day, 0, sums);
    const read = new Float64Array(70_064);
    eachDayGain(day, 0, (p, g) => (read[p]! += g));
    players.forEach((p, i) => assert.equal(sums[p], gains[i], `player ${p}`));
    assert.deepEqual(sums, read);
    assert.equal(sums.reduce((a, b) => a + b, 0), gains.reduce((a, b) => a + b, 0));
  });

  it('takes about 3 bytes a small gain of players close together (typed arrays took 4)', () => {
    const n = 1_000;
    const day = dayGains(1, 1, { stat: new Array<number>(n).fill(0), player: Array.from({ length: n }, (_, i) => i * 20), gain: Array.from({ length: n }, (_, i) => 1 + i * 37) });
    assert.equal(gainsOf(day, 0).reduce((sum, [, g]) => sum + g, 0), n + (37 * n * (n - 1)) / 2);
    assert.ok(dayGainsBytes(day) <= n * 3 + 8, `${dayGainsBytes(day)} bytes`);
  });
});
