import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import { custom, DAY, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from './testing/save-fixture.js';
import { seeded } from './testing/seeded.js';
import type { Snapshot } from './types.js';

const IDS = ['story/root', 'story/mine_stone', 'story/smelt_iron', 'nether/root', 'end/root', 'adventure/kill_a_mob'];
/** Datapack advancements, rarely held: the table (and every row's indexes) changes as their holders come and go. */
const QUESTS = ['zzz:quest/a', 'zzz:quest/b'];

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
    held: [...IDS.filter(() => random() < 0.5), ...QUESTS.filter(() => random() < 0.03)].map((id) => [id, T0 + 1000 * pick(8)]),
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
    // Equal weights: a medal traded for another leaves the crown score as it was.
    for (const [n, crownWeights] of [[40, { gold: 4, silver: 2, bronze: 1 }], [120, { gold: 1, silver: 1, bronze: 1 }]] as const) {
      const options = { stats: tinyStats, crownWeights };
      const drawn = Array.from({ length: n }, () => draw(random, n));
      // The readings as the reader keeps them: the same object while a player's files are unchanged.
      let players = drawn.map((d, i) => reading(i, d));
      let served: Snapshot = buildSnapshot(save(players), { ...options, now: NOW });
      for (let round = 0; round < 25; round++) {
        const changed = new Set(Array.from({ length: 1 + Math.floor(random() * Math.max(1, n / 40)) }, () => Math.floor(random() * n)));
        for (const i of changed) drawn[i] = draw(random, n);
        players = players.map((p, i) => (changed.has(i) ? reading(i, drawn[i]!) : p));
        const now = NOW + round * 900_000;
        const patched = buildSnapshot(save(players), { ...options, now, previous: served });
        // From scratch: every reading a new object, and the last build another server's (one
        // player of another uuid), so nothing of the patched build is found to patch.
        buildSnapshot(save([reading(n + 1, drawn[0]!)]), { ...options, now });
        const fresh = buildSnapshot(save(drawn.map((d, i) => reading(i, d))), { ...options, now });
        assert.deepEqual(patched, fresh, `${n} players, round ${round}`);
        served = buildSnapshot(save(players), { ...options, now, previous: patched });
      }
    }
  });

  it('estimates anew the first sight of a player never seen online, whose reading did not change, as the clock moves', () => {
    // Three hours played, the oldest advancement two hours before NOW: older than that at NOW
    // (more play than time since), not any more two hours later (four hours since, three played).
    const drawn: Drawn = { name: 'Nora', counters: { play_time: 3 * HOUR }, held: [['story/root', NOW - 2 * 3_600_000]], lastOnline: null };
    const players = [reading(0, drawn), ...Array.from({ length: 20 }, (_, i) => reading(i + 1, { ...drawn, name: `P${i}`, lastOnline: NOW - DAY }))];
    const first = buildSnapshot(save(players), { now: NOW, stats: tinyStats });
    assert.equal(first.players[0]!.first_seen_estimated, true);
    const later = buildSnapshot(save(players), { now: NOW + 2 * 3_600_000, stats: tinyStats, previous: first });
    assert.equal(later.players[0]!.first_seen_estimated, false);
    assert.equal(later.players[1], first.players[1], 'a player seen online keeps the same profile');
  });

  it('gives an unchanged player a new profile when the advancement table changed under their row', () => {
    // Player 0 alone holds quest a; player 1, unchanged, holds quest b, which comes after it.
    const base = (held: Array<[string, number]>, name: string): Drawn => ({ name, counters: { play_time: 3 * HOUR }, held, lastOnline: NOW - DAY });
    const players = [reading(0, base([['zzz:quest/a', T0]], 'A')), reading(1, base([['zzz:quest/b', T0]], 'B')), ...Array.from({ length: 20 }, (_, i) => reading(i + 2, base([], `P${i}`)))];
    const first = buildSnapshot(save(players), { now: NOW, stats: tinyStats });
    const next = [reading(0, base([], 'A')), ...players.slice(1)];
    const patched = buildSnapshot(save(next), { now: NOW, stats: tinyStats, previous: first });
    buildSnapshot(save([reading(99, base([], 'X'))]), { now: NOW, stats: tinyStats });
    const fresh = buildSnapshot(save(next.map((p, i) => reading(i, base(i === 1 ? [['zzz:quest/b', T0]] : [], p.name!)))), { now: NOW, stats: tinyStats });
    assert.deepEqual(patched, fresh);
    assert.notEqual(patched.players[1], first.players[1], 'quest b has another index now');
  });
});
