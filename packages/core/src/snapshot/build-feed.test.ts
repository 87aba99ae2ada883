import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildFeed } from './build-feed.js';
import type { SnapshotAdvancement } from './types.js';
import { seeded } from './testing/seeded.js';

describe('buildFeed', () => {
  it('gives the newest known unlocks of vanilla advancements, name then advancement order on a tie', () => {
    const random = seeded(5);
    for (let round = 0; round < 30; round++) {
      const players = 1 + Math.floor(random() * 20);
      const nameRank = Array.from({ length: players }, (_, p) => p).sort(() => random() - 0.5);
      const advancements = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, a): SnapshotAdvancement => {
        // Holders in earn order: known times ascending (ties in name order), unknown (-1) last.
        const held = Array.from({ length: players }, (_, p) => p).filter(() => random() < 0.6);
        const at = new Map(held.map((p) => [p, random() < 0.15 ? -1 : 1000 * Math.floor(random() * 6)]));
        held.sort((p, q) => (at.get(p) === -1 ? 1 : 0) - (at.get(q) === -1 ? 1 : 0) || at.get(p)! - at.get(q)! || nameRank[p]! - nameRank[q]!);
        return { id: `a${a}`, source: random() < 0.8 ? 'vanilla' : 'datapack', holders: held, holder_at: held.map((p) => at.get(p)!) } as SnapshotAdvancement;
      });
      const size = 1 + Math.floor(random() * 25);
      const all: Array<[number, number, number]> = [];
      advancements.forEach((x, a) => x.source === 'vanilla' && x.holders.forEach((p, i) => x.holder_at[i] !== -1 && all.push([p, a, x.holder_at[i]!])));
      all.sort((x, y) => y[2] - x[2] || nameRank[x[0]]! - nameRank[y[0]]! || x[1] - y[1]);
      assert.deepEqual(buildFeed(advancements, nameRank, size), all.slice(0, size).flat(), `round ${round}`);
    }
    assert.deepEqual(buildFeed([], [], 0), []);
  });
});
