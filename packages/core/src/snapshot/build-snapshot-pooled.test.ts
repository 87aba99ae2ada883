import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import { isPooled } from './pooled-column.js';
import { asJson } from './testing/as-json.js';
import { collectUntil } from './testing/collect.js';
import { custom, HOUR, NOW, player, save, tinyStats, uuid } from './testing/save-fixture.js';
import { seeded } from './testing/seeded.js';
import type { Snapshot } from './types.js';

/** Enough players that every column is pooled (4 KB and more). */
const PLAYERS = 1500;

/** A player's counters drawn at random: few distinct values (ties), now and then one past 2^31 (a 64-bit column). */
function draw(random: () => number): Record<string, number> {
  const pick = (k: number) => Math.floor(random() * k);
  return { play_time: HOUR * pick(4), jump: 10 * pick(6), deaths: pick(4), walk_one_cm: random() < 0.01 ? 2 ** 31 + pick(5) : 1000 * pick(5) };
}

/** A player as `readSave` hands it out: packed, a new object for every reading. */
function reading(n: number, counters: Record<string, number>): PlayerSave {
  const p = player({ uuid: uuid(n), name: `P${n}`, stats: custom(counters) });
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: [], dataVersion: null, recipes: p.recipes, skipped: 0 }),
  });
}

/** The buffers of a snapshot's typed columns. */
function buffersOf(snapshot: Snapshot): ArrayBufferLike[] {
  return snapshot.stats.flatMap((s) => [s.values, s.board, s.ranks]).flatMap((c) => (ArrayBuffer.isView(c) ? [c.buffer] : []));
}

describe('buildSnapshot: columns in the buffers of dropped snapshots', () => {
  it('equals a build from scratch round after round, and leaves every snapshot still held as it was (randomised)', async () => {
    const random = seeded(38);
    const options = { stats: tinyStats, crownWeights: { gold: 4, silver: 2, bronze: 1 } };
    const drawn = Array.from({ length: PLAYERS }, () => draw(random));
    let players = drawn.map((d, i) => reading(i, d));
    let served: Snapshot = buildSnapshot(save(players), { ...options, now: NOW });
    // Snapshots a request or a writer still holds, with what they served.
    const held: Array<{ snapshot: Snapshot; json: string }> = [];
    let reused = 0;
    // The buffers of the columns the last build replaced, back in the pool once collected.
    let replaced: ArrayBufferLike[] = [];
    for (let round = 0; round < 10; round++) {
      if (round % 3 === 0) held.push({ snapshot: served, json: JSON.stringify(served) });
      const changed = new Set(Array.from({ length: 1 + Math.floor(random() * 30) }, () => Math.floor(random() * PLAYERS)));
      for (const i of changed) drawn[i] = draw(random);
      players = players.map((p, i) => (changed.has(i) ? reading(i, drawn[i]!) : p));
      const now = NOW + round * 900_000;
      await collectUntil(() => replaced.some(isPooled), 5);
      const patched = buildSnapshot(save(players), { ...options, now, previous: served });
      reused += buffersOf(patched).filter((b) => replaced.includes(b)).length;
      const kept = new Set(buffersOf(patched));
      replaced = buffersOf(served).filter((b) => !kept.has(b));
      served = patched;
      // From scratch: every reading a new object and the last build another's, so nothing is patched.
      buildSnapshot(save([reading(PLAYERS + 1, drawn[0]!)]), { ...options, now });
      const fresh = buildSnapshot(save(drawn.map((d, i) => reading(i, d))), { ...options, now });
      assert.deepEqual(asJson(patched), asJson(fresh), `round ${round}`);
      for (const { snapshot, json } of held) assert.equal(JSON.stringify(snapshot), json, `a snapshot still held, round ${round}`);
    }
    assert.ok(reused > 0, 'columns were made in dropped columns\' buffers');
  });
});
