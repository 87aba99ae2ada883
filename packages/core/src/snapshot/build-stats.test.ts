import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatDefinition } from '../catalogue/types.js';
import type { PlayerSave } from '../save/types.js';
import { buildStats } from './build-stats.js';
import { contentHash } from './content-hash.js';
import { seeded } from './testing/seeded.js';
import { IntValueColumn } from './int-value-column.js';
import { ValueColumn } from './value-column.js';

const def = (id: string, key: string): StatDefinition => ({
  id,
  title: id,
  description: null,
  unit: 'int',
  category: 'general',
  sources: [{ type: 'minecraft:custom', keys: [`minecraft:${key}`] }],
});

const digest = (value: unknown): string => {
  const hash = contentHash();
  hash.add(value);
  return hash.digest();
};

/** A player whose counters are frozen, as the reader's parse cache hands them out. */
function player(uuid: string, jump: number, swim: number): PlayerSave {
  const stats = Object.freeze({ 'minecraft:custom': Object.freeze({ 'minecraft:jump': jump, 'minecraft:swim_one_cm': swim }) });
  return { uuid, name: uuid, stats } as unknown as PlayerSave;
}

describe('buildStats: values reused across builds for unchanged (frozen) counters', () => {
  it('gives the same values on a rebuild, and new ones when a player or the stat list changes', () => {
    const a = player('a', 5, 100);
    const b = player('b', 7, 50);
    const list = [def('jump', 'jump')];
    const first = buildStats(list, [a, b], [true, true], [0, 1]);
    assert.deepEqual([...first[0]!.values], [5, 7]);
    assert.deepEqual(buildStats(list, [a, b], [true, true], [0, 1]), first);

    const b2 = player('b', 9, 50); // b's stats file changed: a new counters object
    assert.deepEqual([...buildStats(list, [a, b2], [true, true], [0, 1])[0]!.values], [5, 9]);

    // The same list object edited in place: rows of its old sources must not be reused.
    (list[0]!.sources[0]!.keys as string[])[0] = 'minecraft:swim_one_cm';
    assert.deepEqual([...buildStats(list, [a, b2], [true, true], [0, 1])[0]!.values], [100, 50]);
  });
});

describe('buildStats: players joining and leaving (a build from scratch reusing the last columns)', () => {
  it('copies unchanged players\' values from where they were, and sums changed and new players', () => {
    const list = [def('jump', 'jump'), def('swim', 'swim_one_cm')];
    const [a, b, c] = [player('a', 5, 100), player('b', 7, 50), player('c', 1, 2)];
    buildStats(list, [a, b, c], [true, true, true], [0, 1, 2]);
    // x joins first (a moves from 0 to 1), c leaves, b's file changed; a keeps its counters.
    const x = player('x', 40, 0);
    const b2 = player('b', 8, 51);
    const after = buildStats(list, [x, a, b2], [true, true, false], [2, 0, 1]);
    assert.deepEqual([...after[0]!.values], [40, 5, 8]);
    assert.deepEqual([...after[1]!.values], [0, 100, 51]);
    assert.deepEqual([...after[0]!.board], [0, 1]);
    assert.equal(after[0]!.total, 45);
    assert.deepEqual([...after[1]!.board], [1]);
    // The same as a build with no last build to reuse (another stat list object, same content).
    const fresh = buildStats(list.map((d) => ({ ...d })), [x, a, b2], [true, true, false], [2, 0, 1]);
    assert.equal(digest(after), digest(fresh));
  });
});

/** The board as DECISIONS 9-10 define it, the plain way: ranked players above 0, best first, name order on a tie. */
function referenceBoard(values: number[], ranked: boolean[], nameRank: number[]): number[] {
  return values
    .map((_, p) => p)
    .filter((p) => ranked[p] && values[p]! > 0)
    .sort((a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!);
}

describe('buildStats: leaderboard order', () => {
  const kinds: Array<[string, (random: () => number) => number]> = [
    ['small integers with many ties', (random) => Math.floor(random() * 6)],
    ['integers up to 2^32', (random) => Math.floor(random() * 2 ** 32)],
    ['fractions', (random) => Math.floor(random() * 40) / 4],
    ['integers past 2^32 (totals of many counters)', (random) => Math.floor(random() * 2 ** 40)],
  ];
  for (const [name, draw] of kinds) {
    it(`matches the comparator order for ${name}`, () => {
      const random = seeded(name.length);
      for (let round = 0; round < 20; round++) {
        const n = 1 + Math.floor(random() * 60);
        const jumps = Array.from({ length: n }, () => draw(random));
        const players = jumps.map((jump, p) => player(`p${p}`, jump, 0));
        const ranked = jumps.map(() => random() < 0.8);
        const nameRank = jumps.map((_, p) => p).sort(() => random() - 0.5);
        const [stat] = buildStats([def('jump', 'jump')], players, ranked, nameRank);
        const board = referenceBoard(jumps, ranked, nameRank);
        assert.deepEqual([...stat!.board], board);
        assert.deepEqual([...stat!.ranks], board.map((p) => 1 + board.findIndex((q) => jumps[q] === jumps[p])));
        assert.equal(stat!.total, jumps.reduce((sum, v, p) => (ranked[p] ? sum + v : sum), 0));
      }
    });
  }
});

describe('buildStats: a rebuild with few changed players patches the last result', () => {
  const list = ['jump', 'swim_one_cm', 'deaths', 'fish_caught'].map((key) => def(key, key));
  /** A player with frozen counters for every stat of the list. */
  const counters = (uuid: string, values: number[]): PlayerSave =>
    ({ uuid, name: uuid, stats: Object.freeze({ 'minecraft:custom': Object.freeze(Object.fromEntries(list.map((d, s) => [`minecraft:${d.id}`, values[s]!]))) }) }) as unknown as PlayerSave;

  it('gives what a build from scratch gives, sharing the stats nobody moved on', () => {
    const random = seeded(7);
    const n = 200;
    const draw = (): number => (random() < 0.3 ? 0 : Math.floor(random() * 8) * (random() < 0.1 ? 0.5 : 1));
    let values = Array.from({ length: n }, () => list.map(draw));
    let ranked = values.map(() => random() < 0.8);
    const nameRank = values.map((_, p) => p).sort(() => random() - 0.5);
    let players = values.map((v, p) => counters(`p${p}`, v));
    let previous = buildStats(list, players, ranked, nameRank);
    digest(previous);
    for (let round = 0; round < 30; round++) {
      // A few players played: new counters objects (their stats files changed); one stat untouched.
      const moved = new Set(Array.from({ length: 1 + Math.floor(random() * 10) }, () => Math.floor(random() * n)));
      values = values.map((v, p) => (moved.has(p) ? v.map((x, s) => (s === 3 ? x : random() < 0.5 ? draw() : x)) : v));
      players = players.map((player, p) => (moved.has(p) ? counters(`p${p}`, values[p]!) : player));
      // Now and then a player crosses the play-time threshold, with or without new counters.
      if (round % 3 === 0) ranked = ranked.map((r, p) => (p === (round * 7) % n || (moved.has(p) && random() < 0.3) ? !r : r));
      const patched = buildStats(list, players, ranked, nameRank);
      if (round % 3 !== 0) assert.equal(patched[3], previous[3], 'a stat no changed player moved on is the same object');
      // From scratch: every player a new counters object, so nothing is reused.
      const fresh = buildStats(list, values.map((v, p) => counters(`p${p}`, v)), ranked, nameRank);
      assert.deepEqual(patched, fresh, `round ${round}`);
      assert.equal(digest(patched), digest(fresh), `round ${round}: a patched column hashes as a fresh one`);
      previous = buildStats(list, players, ranked, nameRank);
      assert.deepEqual(previous, fresh);
      digest(previous); // hashed, as a served snapshot is: the next round's columns are hashed from its digests
    }
  });

  it('starts over when the players, their order or names changed, and follows ranking changes', () => {
    const a = counters('a', [5, 1, 0, 0]);
    const b = counters('b', [7, 2, 0, 0]);
    const c = counters('c', [6, 3, 0, 0]);
    buildStats(list, [a, b], [true, true], [0, 1]);
    assert.deepEqual([...buildStats(list, [a, b, c], [true, true, true], [0, 1, 2])[0]!.board], [1, 2, 0]);
    assert.deepEqual([...buildStats(list, [b, a, c], [true, true, true], [1, 0, 2])[0]!.board], [0, 2, 1]);
    assert.deepEqual([...buildStats(list, [b, a, c], [true, false, true], [1, 0, 2])[0]!.board], [0, 2]);
    assert.deepEqual([...buildStats(list, [b, a, counters('c', [7, 3, 0, 0])], [true, true, true], [2, 0, 1])[0]!.board], [2, 0, 1]);
  });
});

describe('buildStats: value columns', () => {
  const list = [def('jump', 'jump')];
  const build = (players: PlayerSave[]) => buildStats(list, players, players.map(() => true), players.map((_, p) => p))[0]!;

  it('are 32-bit (IntValueColumns) at any size while every value fits, built and patched alike', () => {
    for (const n of [16_384, 16_385]) {
      // Player p jumps p % 7 times; then player 5 jumps 99 times (a rebuild patching the first).
      const players = Array.from({ length: n }, (_, p) => player(`p${p}`, p % 7, 0));
      const first = build(players);
      const next = [...players];
      next[5] = player('p5', 99, 0);
      const patched = build(next);
      assert.notEqual(patched.values, first.values, 'a new column');
      assert.equal(first.values[5], 5, 'the first build unchanged');
      assert.ok(first.values instanceof IntValueColumn, `${n} players`);
      assert.ok(patched.values instanceof IntValueColumn, `${n} players, patched`);
      assert.equal(patched.values[5], 99);
      assert.equal(patched.values[6], 6);
      assert.equal(patched.board[0], 5);
      assert.equal(digest(patched), digest({ ...patched, values: Array.from(patched.values) }));
    }
  });

  it('are widened to ValueColumns up to 16,384 players and plain arrays above when a value does not fit 32 bits, built or patched', () => {
    for (const n of [16_384, 16_385]) {
      for (const big of [2 ** 31, -(2 ** 31) - 1, 0.5, 2 ** 53]) {
        // Every player's counters new: a build from scratch, the players before 9 written in 32 bits.
        const fresh = (at9: number) => Array.from({ length: n }, (_, p) => player(`p${p}`, p === 9 ? at9 : p % 7, 0));
        const plain = Array.from({ length: n }, (_, p) => (p === 9 ? big : p % 7));
        const built = build(fresh(big));
        assert.equal(built.values instanceof ValueColumn, n <= 16_384, `${n} players, ${big}`);
        assert.equal(Array.isArray(built.values), n > 16_384, `${n} players, ${big}`);
        assert.deepEqual(Array.from(built.values), plain);
        // Patched: a 32-bit column of the last build widened at the changed player.
        const players = fresh(2);
        const first = build(players);
        assert.ok(first.values instanceof IntValueColumn);
        const next = [...players];
        next[9] = player('p9', big, 0);
        const patched = build(next);
        assert.equal(patched.values instanceof ValueColumn, n <= 16_384, `${n} players, ${big}, patched`);
        assert.deepEqual(Array.from(patched.values), Array.from(built.values));
        assert.deepEqual([...patched.board], [...built.board]);
        assert.equal(digest(patched), digest({ ...patched, values: Array.from(patched.values) }));
      }
    }
  });
});
