import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { patchedOrder } from './patched-order.js';
import { playerOrder } from '../snapshot/player-order.js';
import type { SnapshotPlayer } from '../snapshot/types.js';
import { seeded } from '../snapshot/testing/seeded.js';

/** A player with few distinct times and names, so that ties are common. */
function somePlayer(next: () => number, i: number): SnapshotPlayer {
  const name = next() < 0.1 ? null : ['alex', 'Alex', 'bo', 'cy', 'Dee'][Math.floor(next() * 5)]!;
  const last = next() < 0.1 ? null : 1_000 * Math.floor(next() * 20);
  return { uuid: `u${i}-${Math.floor(next() * 1e6)}`, name, edition: next() < 0.3 ? 'bedrock' : 'java', ranked: next() < 0.7, last_online_ms: last } as unknown as SnapshotPlayer;
}

const byLastOnline = (a: SnapshotPlayer, b: SnapshotPlayer): number => {
  const ta = a.last_online_ms ?? -Infinity;
  const tb = b.last_online_ms ?? -Infinity;
  return ta !== tb ? (ta > tb ? -1 : 1) : playerOrder(a, b);
};
/** Ties on time only, to check the order inside a tie is the stable sort's (by position). */
const byTimeOnly = (a: SnapshotPlayer, b: SnapshotPlayer): number => (b.last_online_ms ?? -1) - (a.last_online_ms ?? -1);

function fullOrder(players: readonly SnapshotPlayer[], keep: (p: SnapshotPlayer) => boolean, compare: (a: SnapshotPlayer, b: SnapshotPlayer) => number): number[] {
  const out: number[] = [];
  players.forEach((p, i) => keep(p) && out.push(i));
  return out.sort((a, b) => compare(players[a]!, players[b]!));
}

describe('patchedOrder(players, last, keep, compare)', () => {
  it('equals the full sort after random changes, additions and removals (randomised)', () => {
    const next = seeded(42);
    const keeps = [() => true, (p: SnapshotPlayer) => p.ranked, (p: SnapshotPlayer) => p.edition === 'java'];
    let patched = 0;
    for (let round = 0; round < 300; round++) {
      const compare = round % 2 === 0 ? byLastOnline : byTimeOnly;
      const keep = keeps[round % 3]!;
      const before = Array.from({ length: 1 + Math.floor(next() * 200) }, (_, i) => somePlayer(next, i));
      const last = { players: before, order: fullOrder(before, keep, compare) };
      const after = before.slice();
      const changes = Math.floor(next() * before.length * 0.3);
      for (let c = 0; c < changes; c++) {
        const i = Math.floor(next() * after.length);
        // Another player, another time online, another filter field, or a new profile that sorts and filters as the last one.
        const kind = next();
        after[i] = kind < 0.4 ? somePlayer(next, i) : kind < 0.7 ? { ...after[i]!, last_online_ms: 1_000 * Math.floor(next() * 20) } : kind < 0.85 ? { ...after[i]!, ranked: !after[i]!.ranked } : { ...after[i]!, play_time: next() };
      }
      const grow = next();
      if (grow < 0.2) after.length = Math.max(0, after.length - Math.floor(next() * 5));
      else if (grow < 0.4) for (let k = Math.floor(next() * 5); k > 0; k--) after.push(somePlayer(next, after.length));
      const result = patchedOrder(after, last, keep, compare);
      if (result === null) continue;
      patched++;
      assert.deepEqual(result, fullOrder(after, keep, compare), `round ${round}`);
    }
    assert.ok(patched > 100, `only ${patched} rounds patched`);
  });

  it('gives up (null) when more than a quarter of the players changed', () => {
    const next = seeded(7);
    const before = Array.from({ length: 40 }, (_, i) => somePlayer(next, i));
    const after = before.map((p, i) => (i < 20 ? { ...p, last_online_ms: (p.last_online_ms ?? 0) + 1 } : p));
    assert.equal(patchedOrder(after, { players: before, order: fullOrder(before, () => true, byLastOnline) }, () => true, byLastOnline), null);
  });

  it('keeps in place new profiles that sort and filter as the ones they replace, however many', () => {
    const next = seeded(8);
    const before = Array.from({ length: 40 }, (_, i) => somePlayer(next, i));
    const keep = (p: SnapshotPlayer): boolean => p.ranked;
    const order = fullOrder(before, keep, byLastOnline);
    const after = before.map((p) => ({ ...p, play_time: 1 }));
    assert.deepEqual(patchedOrder(after, { players: before, order }, keep, byLastOnline), order);
  });
});
