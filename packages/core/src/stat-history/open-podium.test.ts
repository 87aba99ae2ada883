import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { closedSums, type ClosedSums } from './closed-sums.js';
import { closedTop } from './closed-top.js';
import { dayGains, type DayGains } from './day-gains.js';
import { openPodium } from './open-podium.js';

/** A deterministic generator of integers below n. */
function generator(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) & 0x7fffffff;
    return Math.floor((state / 2 ** 31) * n);
  };
}

/** A day of gains in two columns: about `share` of `players` gain in each, small amounts (ties). */
function day(rand: (n: number) => number, number: number, players: number, share: number, spread: number): DayGains {
  const list = { stat: [] as number[], player: [] as number[], gain: [] as number[] };
  for (let p = 0; p < players; p++) {
    for (let s = 0; s < 2; s++) {
      if (rand(1000) >= share * 1000) continue;
      list.stat.push(s);
      list.player.push(p);
      list.gain.push(1 + rand(spread));
    }
  }
  return dayGains(number, 2, list);
}

/** Every player's sum, dense. */
function dense({ players, sums }: ClosedSums, count: number): Float64Array {
  const all = new Float64Array(count);
  sums.forEach((sum, i) => (all[players === null ? i : players[i]!] = sum));
  return all;
}

/** One history of a test: its closed days, its day in progress and its snapshot numbers. */
interface History {
  closedDays: DayGains[];
  today: DayGains | null;
  players: number;
  to: Int32Array;
}

/** The podium the slow way: every snapshot player's sums over every history, ranked. */
function bruteForce(histories: readonly History[], column: number, count: number, ranked: Uint8Array): string[] {
  const gain = new Float64Array(count);
  for (const { closedDays, today, players, to } of histories) {
    const days = today === null ? closedDays : [...closedDays, today];
    dense(closedSums(days, column, players), players).forEach((sum, h) => {
      if (to[h]! >= 0) gain[to[h]!]! += sum;
    });
  }
  const eligible = [...gain.keys()].filter((p) => ranked[p] === 1 && gain[p]! > 0);
  return eligible
    .map((p) => [p, 1 + eligible.filter((o) => gain[o]! > gain[p]!).length] as const)
    .filter(([, rank]) => rank <= 3)
    .map(([p, rank]) => `${p}:${rank}`)
    .sort();
}

describe('openPodium', () => {
  it('places the same players as summing every player over one history or several (a network), whatever the largest closed sums kept, or says it cannot', () => {
    let placedFromTop = 0;
    let gaveUp = 0;
    let several = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const rand = generator(seed);
      const count = 5 + rand(60); // snapshot players
      const column = rand(2);
      const keep = [1, 2, 3, 5, 256][rand(5)]!;
      const histories: History[] = Array.from({ length: 1 + (rand(2) === 0 ? 0 : rand(3)) }, () => {
        const players = 3 + rand(60);
        // Snapshot numbers: some history players not in it; a snapshot player in several histories.
        const to = Int32Array.from({ length: players }, () => -1);
        const free = [...Array(count).keys()];
        for (let h = 0; h < players && free.length > 0; h++) if (rand(8) > 0) to[h] = free.splice(rand(free.length), 1)[0]!;
        const closedDays = Array.from({ length: rand(4) }, (_, d) => day(rand, 100 + d, players, rand(2) === 0 ? 0.3 : 0.9, 1 + rand(6)));
        const today = rand(5) === 0 ? null : day(rand, 200, players, rand(3) === 0 ? 0.05 : 0.4, 1 + rand(6));
        return { closedDays, today, players, to };
      });
      if (histories.length > 1) several++;
      const ranked = Uint8Array.from({ length: count }, () => (rand(6) > 0 ? 1 : 0));
      const sources = histories.map(({ closedDays, today, players, to }) => {
        // The largest closed sums as kept with `keep` at least, however many `closedSums` keeps.
        const sums = closedDays.length === 0 ? null : closedSums(closedDays, column, players);
        const closed = sums === null ? null : { ...sums, top: closedTop(dense(sums, players), keep) };
        const from = new Int32Array(count).fill(-1);
        to.forEach((p, h) => p >= 0 && (from[p] = h));
        return { parts: { closed, today }, column, to, from };
      });
      const scratch = { looked: new Uint8Array(count), today: new Float64Array(count) };
      const placed = openPodium(sources, ranked, scratch);
      assert.ok(scratch.looked.every((v) => v === 0) && scratch.today.every((v) => v === 0), `seed ${seed}: scratch left as zeros`);
      const expected = bruteForce(histories, column, count, ranked);
      const partial = sources.some(({ parts }) => parts.closed !== null && !parts.closed.top.complete);
      if (placed === null) {
        assert.ok(partial, `seed ${seed}: gave up with every closed sum kept`);
        gaveUp++;
        continue;
      }
      if (partial) placedFromTop++;
      assert.deepEqual(placed.map(([p, rank]) => `${p}:${rank}`).sort(), expected, `seed ${seed}, keep ${keep}, ${histories.length} histories`);
    }
    assert.ok(placedFromTop > 40, `placed from a partial list ${placedFromTop} times`);
    assert.ok(gaveUp > 5, `gave up ${gaveUp} times`);
    assert.ok(several > 200, `${several} with several histories`);
  });
});

describe('closedTop', () => {
  it('lists at least the kept number of largest sums, ties at the cut included, largest first', () => {
    const closed = Float64Array.of(0, 5, 3, 5, 1, 3, 3, 0);
    const top = closedTop(closed, 3);
    assert.deepEqual([...top.players], [1, 3, 2, 5, 6]);
    assert.deepEqual([...top.sums], [5, 5, 3, 3, 3]);
    assert.equal(top.complete, false);
    assert.equal(closedTop(closed, 6).complete, true);
    assert.deepEqual([...closedTop(new Float64Array(4), 2).players], [], 'no sum above 0');
    assert.equal(closedTop(new Float64Array(4), 2).complete, true);
  });

  it('is kept with the closed sums, sparse or dense', () => {
    const list = { stat: [0, 0, 0], player: [4, 9, 700], gain: [7, 8, 1] };
    const sparse = closedSums([dayGains(100, 1, list)], 0, 1000);
    assert.notEqual(sparse.players, null);
    assert.deepEqual([...sparse.top.players], [9, 4, 700]);
    assert.deepEqual([...sparse.top.sums], [8, 7, 1]);
    assert.equal(sparse.top.complete, true);
  });
});
