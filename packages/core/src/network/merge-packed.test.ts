import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packedPartsOf, packStats } from '../save/packed.js';
import type { AdvancementProgress, PlayerSave, StatCounters } from '../save/types.js';
import { player, uuid } from '../snapshot/testing/save-fixture.js';
import { seeded } from '../snapshot/testing/seeded.js';
import { mergePlayer } from './merge-player.js';

/** Stat types and keys, advancement ids and criterion names, with the awkward ones objects reorder or guard. */
const TYPES = ['minecraft:custom', 'minecraft:mined', '7', 'minecraft:used', '0', '__proto__'];
const KEYS = ['minecraft:jump', 'minecraft:stone', '12', 'minecraft:deaths', '3', '__proto__', '0', 'minecraft:walk_one_cm', '4294967295', '01'];
const IDS = ['story/mine_stone', 'minecraft:story/mine_stone', 'minecraft:story/root', 'custom:quest', 'adventure/kill_a_mob', 'minecraft:adventure/kill_a_mob'];
const CRITERIA = ['stone', '0', 'zombie', '10', '2', '__proto__', 'skeleton'];
const T0 = 1_700_000_000_000;

function pick<T>(random: () => number, from: readonly T[]): T {
  return from[Math.floor(random() * from.length)]!;
}

/** A counter: mostly small whole numbers, sometimes a fraction, a huge or a negative one. */
function counter(random: () => number): number {
  const r = random();
  return r < 0.8 ? Math.floor(random() * 1000) : r < 0.87 ? random() * 10 : r < 0.94 ? 3e9 + Math.floor(random() * 100) : -Math.floor(random() * 50);
}

/** A time: whole seconds mostly, sometimes milliseconds or before 1970. */
function time(random: () => number): number {
  const r = random();
  const seconds = T0 + Math.floor(random() * 1e6) * 1000;
  return r < 0.85 ? seconds : r < 0.93 ? seconds + 1 + Math.floor(random() * 998) : -Math.floor(random() * 1e6) * 1000;
}

function randomStats(random: () => number): StatCounters {
  const stats: StatCounters = {};
  for (const type of TYPES) {
    if (random() < 0.4) continue;
    const counters: Record<string, number> = {};
    for (const key of KEYS) if (random() < 0.5) Object.defineProperty(counters, key, { value: counter(random), enumerable: true, writable: true, configurable: true });
    Object.defineProperty(stats, type, { value: counters, enumerable: true, writable: true, configurable: true });
  }
  return stats;
}

function randomAdvancements(random: () => number): AdvancementProgress[] {
  const out: AdvancementProgress[] = [];
  const seen = new Set<string>();
  for (let n = Math.floor(random() * 5); n > 0; n--) {
    const id = pick(random, IDS);
    if (seen.has(id)) continue;
    seen.add(id);
    const criteria: Record<string, number> = {};
    for (const name of CRITERIA) if (random() < 0.4) Object.defineProperty(criteria, name, { value: time(random), enumerable: true, writable: true, configurable: true });
    const done = random() < 0.5;
    out.push({ id, done, criteria, doneAt: done && random() < 0.8 ? time(random) : null });
  }
  return out;
}

/** One sighting, packed as `readSave` hands it out; its stats file sometimes unread (null). */
function sighting(random: () => number, n: number): PlayerSave {
  const unread = random() < 0.15;
  const p = player({
    uuid: uuid(n),
    stats: unread ? {} : randomStats(random),
    statsDataVersion: unread ? null : 3953,
    legacyStats: false,
    advancements: randomAdvancements(random),
    recipes: { count: Math.floor(random() * 20), earliest: random() < 0.5 ? time(random) : null },
  });
  return attachPacked(p, {
    stats: unread ? null : packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

/** A sighting as plain objects (no packed summaries): `mergePlayer` then merges the objects. */
const plain = (p: PlayerSave): PlayerSave => ({ ...p, stats: p.stats, advancements: p.advancements });

describe('mergePlayer of packed sightings (merged as packed)', () => {
  it('gives the counters, entries and packed layout the merge of the unpacked sightings packs to (randomised)', () => {
    const random = seeded(38);
    for (let round = 0; round < 300; round++) {
      const sightings = Array.from({ length: 2 + Math.floor(random() * 4) }, () => sighting(random, round));
      const merged = mergePlayer(sightings);
      const reference = mergePlayer(sightings.map(plain));
      assert.deepEqual({ ...merged }, { ...reference }, `round ${round}`);
      const parts = packedPartsOf(merged)!;
      const reading = reference.statsDataVersion !== null || reference.legacyStats || Object.keys(reference.stats).length > 0;
      assert.deepEqual(parts.stats, reading ? packStats({ stats: reference.stats, dataVersion: reference.statsDataVersion, legacy: reference.legacyStats }) : null, `round ${round}: stats`);
      assert.deepEqual(parts.advancements, packAdvancements({ advancements: reference.advancements, dataVersion: reference.advancementsDataVersion, recipes: reference.recipes, skipped: 0 }), `round ${round}: advancements`);
      assert.ok(Object.isFrozen(merged));
    }
  });
});
