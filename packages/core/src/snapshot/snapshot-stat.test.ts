import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StatDefinition } from '../catalogue/types.js';
import { contentHash } from './content-hash.js';
import { snapshotStat } from './snapshot-stat.js';
import { seeded } from './testing/seeded.js';

const def = { id: 'jump', title: 'Jump', description: null, unit: 'int', category: 'general', sources: [] } as unknown as StatDefinition;

/** The digest of a stat, and of a plain copy of it (nothing remembered of its arrays). */
function digests(stat: ReturnType<typeof snapshotStat>): [string, string] {
  const kept = contentHash();
  kept.add(stat);
  const copied = contentHash();
  copied.add({ ...stat, values: [...stat.values], board: [...stat.board], ranks: [...stat.ranks] });
  return [kept.digest(), copied.digest()];
}

describe('snapshotStat(def, values, board, total, previous)', () => {
  it('hashes a board and ranks patched from the previous stat as a fresh copy hashes (randomised)', () => {
    const next = seeded(11);
    const rand = (n: number): number => Math.floor(next() * n);
    const players = 300;
    let values = Array.from({ length: players }, () => rand(50));
    const boardOf = (v: number[]) => v.map((_, p) => p).filter((p) => v[p]! > 0).sort((a, b) => v[b]! - v[a]! || a - b);
    let previous = snapshotStat(def, values, boardOf(values), 0);
    digests(previous); // the previous arrays hashed: their digests remembered
    let patched = 0;
    for (let round = 0; round < 200; round++) {
      values = values.slice();
      for (let k = rand(4); k > 0; k--) {
        const p = rand(players);
        values[p] = values[p]! + (rand(3) === 0 ? 0 : rand(40));
      }
      const stat = snapshotStat(def, values, boardOf(values), 0, previous);
      if (stat.board !== previous.board && stat.board.length === previous.board.length) patched++;
      const [kept, copied] = digests(stat);
      assert.equal(kept, copied, `round ${round}`);
      previous = stat;
    }
    assert.ok(patched > 50, `only ${patched} boards patched`);
  });
});
