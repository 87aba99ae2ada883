import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildPlacings, medalsOf, sameMedals, sameTopRanks, TOP_RANKS, topRanksOf } from './build-placings.js';
import type { SnapshotStat } from './types.js';
import { seeded } from './testing/seeded.js';

/** A stat whose board is `board` with competition ranks from `values` (ties share a rank). */
function stat(board: number[], values: number[]): SnapshotStat {
  const ranks = board.map((p) => 1 + board.findIndex((q) => values[q] === values[p]));
  return { id: 's', title: 's', description: null, unit: 'int', category: 'general', values, board, ranks, total: 0 } as SnapshotStat;
}

describe('buildPlacings', () => {
  // Small boards with many ties, and long ones whose ranks run through several bands of ranks.
  const shapes = [
    { name: 'small boards, many ties', seed: 3, rounds: 20, players: 30, values: 4 },
    { name: 'boards of hundreds, ranks past several bands', seed: 11, rounds: 6, players: 700, values: 2000 },
  ];
  for (const shape of shapes) it(`keeps each player\'s ten best ranks, best first, catalogue order inside a rank; medals and the hall of fame follow the boards (${shape.name})`, () => {
    const random = seeded(shape.seed);
    for (let round = 0; round < shape.rounds; round++) {
      const players = 2 + Math.floor(random() * shape.players);
      const stats = Array.from({ length: 5 + Math.floor(random() * 30) }, () => {
        const values = Array.from({ length: players }, () => Math.floor(random() * shape.values));
        const board = values.map((_, p) => p).filter((p) => values[p]! > 0).sort((a, b) => values[b]! - values[a]! || a - b);
        return stat(board, values);
      });
      const nameRank = Array.from({ length: players }, (_, p) => p);
      const placings = buildPlacings(stats, players, { gold: 4, silver: 2, bronze: 1 }, nameRank);
      for (let p = 0; p < players; p++) {
        const pairs: Array<[number, number]> = [];
        stats.forEach((s, si) => s.board.forEach((q, i) => q === p && pairs.push([si, s.ranks[i]!])));
        const best = pairs.sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, TOP_RANKS).flat();
        assert.deepEqual(topRanksOf(placings, p), best, `round ${round}, player ${p}`);
        assert.ok(sameTopRanks(placings, p, best) && !sameTopRanks(placings, p, [...best, 0, 1]));
        const medals = [1, 2, 3].map((r) => pairs.filter(([, rank]) => rank === r).length);
        assert.deepEqual(medalsOf(placings, p), medals);
        assert.ok(sameMedals(placings, p, medals) && !sameMedals(placings, p, [medals[0]! + 1, medals[1]!, medals[2]!]));
      }
      const order = placings.hallOfFame;
      for (let i = 1; i < order.length; i++) {
        const [a, b] = [order[i - 1]!, order[i]!];
        const ka = [placings.crownScores[a]!, ...medalsOf(placings, a)];
        const kb = [placings.crownScores[b]!, ...medalsOf(placings, b)];
        const cmp = ka.findIndex((v, j) => v !== kb[j]);
        assert.ok(cmp === -1 ? a < b : ka[cmp]! > kb[cmp]!, 'hall of fame order');
        assert.equal(placings.hallOfFameRanks[b], cmp === -1 ? placings.hallOfFameRanks[a] : i + 1);
      }
    }
  });

  it('finishes whatever the ranks hold: the band as wide as a board takes the rest of it', () => {
    // Ranks no build makes (not a number, past any band): the loop over bands still ends.
    const odd = { ...stat([0, 1, 2], [5, 4, 3]), ranks: [1, Number.NaN, 2 ** 40] } as SnapshotStat;
    const placings = buildPlacings([odd], 3, { gold: 4, silver: 2, bronze: 1 }, [0, 1, 2]);
    assert.deepEqual([0, 1, 2].map((p) => medalsOf(placings, p)), [[1, 0, 0], [0, 0, 0], [0, 0, 0]]);
    assert.deepEqual(topRanksOf(placings, 0), [0, 1]);
  });
});
