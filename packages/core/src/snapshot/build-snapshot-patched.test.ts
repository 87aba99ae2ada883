import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import { custom, DAY, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from './testing/save-fixture.js';
import { seeded } from './testing/seeded.js';
import type { Snapshot } from './types.js';

const IDS = ['story/root', 'story/mine_stone', 'story/smelt_iron', 'nether/root', 'end/root', 'adventure/kill_a_mob'];

/** What a player's files say, drawn at random: few distinct values, so ties and shared medals are common. */
interface Drawn {
  name: string | null;
  counters: Record<string, number>;
  held: Array<[string, number]>;
  lastOnline: number | null;
}

function draw(random: () => number, n: number): Drawn {
  const pick = (k: number) => Math.floor(random() * k);
  return {
    name: random() < 0.1 ? null : `P${pick(n * 2)}`,
    counters: { play_time: HOUR * pick(4), jump: 10 * pick(6), deaths: pick(4), walk_one_cm: 1000 * pick(5) },
    held: IDS.filter(() => random() < 0.5).map((id) => [id, T0 + 1000 * pick(8)]),
    lastOnline: random() < 0.1 ? null : NOW - DAY * (1 + pick(60)),
  };
}

/** A player as `readSave` hands it out: packed, a new object for every reading. */
function reading(n: number, d: Drawn): PlayerSave {
  const p = player({ uuid: uuid(n), name: d.name, stats: custom(d.counters), advancements: d.held.map(([id, at]) => done(id, at)), lastOnline: d.lastOnline });
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

describe('buildSnapshot: a rebuild after a few players changed', () => {
  it('equals a build from scratch of the same readings, round after round (randomised)', () => {
    const random = seeded(29);
    for (const n of [40, 120]) {
      const drawn = Array.from({ length: n }, () => draw(random, n));
      // The readings as the reader keeps them: the same object while a player's files are unchanged.
      let players = drawn.map((d, i) => reading(i, d));
      let served: Snapshot = buildSnapshot(save(players), { now: NOW, stats: tinyStats });
      for (let round = 0; round < 25; round++) {
        const changed = new Set(Array.from({ length: 1 + Math.floor(random() * Math.max(1, n / 40)) }, () => Math.floor(random() * n)));
        for (const i of changed) drawn[i] = draw(random, n);
        players = players.map((p, i) => (changed.has(i) ? reading(i, drawn[i]!) : p));
        const now = NOW + round * 900_000;
        const patched = buildSnapshot(save(players), { now, stats: tinyStats, previous: served });
        // From scratch: every reading a new object, and the last build another server's (one
        // player of another uuid), so nothing of the patched build is found to patch.
        buildSnapshot(save([reading(n + 1, drawn[0]!)]), { now, stats: tinyStats });
        const fresh = buildSnapshot(save(drawn.map((d, i) => reading(i, d))), { now, stats: tinyStats });
        assert.deepEqual(patched, fresh, `${n} players, round ${round}`);
        served = buildSnapshot(save(players), { now, stats: tinyStats, previous: patched });
      }
    }
  });
});
