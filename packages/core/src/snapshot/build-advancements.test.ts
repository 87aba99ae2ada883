import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AdvancementProgress, PlayerSave } from '../save/types.js';
import { buildAdvancements } from './build-advancements.js';
import { PLAYER_ADVANCEMENT_STRIDE } from './types.js';

const T = Date.UTC(2026, 0, 1);

/** A player whose entries are frozen, as the reader's parse cache hands them out. */
function player(uuid: string, ids: string[]): PlayerSave {
  const advancements = Object.freeze(ids.map((id, i): AdvancementProgress =>
    Object.freeze({ id, done: true, criteria: Object.freeze({ done: T + i }), doneAt: T + i })));
  return { uuid, name: uuid, advancements } as unknown as PlayerSave;
}

/** Each player's held advancement ids, read back through the table. */
function heldIds(built: ReturnType<typeof buildAdvancements>): string[][] {
  return built.playerAdvancements.map((flat) => {
    const ids: string[] = [];
    for (let i = 0; i < flat.length; i += PLAYER_ADVANCEMENT_STRIDE) ids.push(built.advancements[flat[i]!]!.id);
    return ids.sort();
  });
}

describe('buildAdvancements: rows reused across builds for unchanged (frozen) entries', () => {
  it('gives the same table on a rebuild, and re-indexes rows when the table changes', () => {
    const a = player('a', ['minecraft:story/root', 'zzz:quest/b']);
    const b = player('b', ['minecraft:story/root', 'mmm:quest/a']);
    const first = buildAdvancements([a, b], [4671], [0, 1], null);
    assert.deepEqual(heldIds(first), [['minecraft:story/root', 'zzz:quest/b'], ['minecraft:story/root', 'mmm:quest/a']]);
    const again = buildAdvancements([a, b], [4671], [0, 1], null);
    assert.deepEqual(again, first);

    // A new datapack id sorting first shifts every datapack index: rows must follow.
    const c = player('c', ['aaa:quest/first']);
    const shifted = buildAdvancements([a, b, c], [4671], [0, 1, 2], null);
    assert.deepEqual(heldIds(shifted), [['minecraft:story/root', 'zzz:quest/b'], ['minecraft:story/root', 'mmm:quest/a'], ['aaa:quest/first']]);
    const holders = (id: string) => shifted.advancements.find((x) => x.id === id)!.holders;
    assert.deepEqual(holders('zzz:quest/b'), [0]);
    assert.deepEqual(holders('minecraft:story/root'), [0, 1]);
    assert.deepEqual(shifted.earned, [1, 1, 0]);
  });
});

/** A small seeded generator (mulberry32), so the cases below are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('buildAdvancements: holders in earn order', () => {
  const kinds: Array<[string, (random: () => number) => number | null]> = [
    ['whole seconds with ties and unknown times', (random) => (random() < 0.1 ? null : T + 1000 * Math.floor(random() * 5))],
    ['times with milliseconds', (random) => T + Math.floor(random() * 5000)],
    ['times before 1970', (random) => -1000 * Math.floor(1 + random() * 5)],
  ];
  for (const [name, draw] of kinds) {
    it(`orders by time (unknown last), then name, for ${name}`, () => {
      const random = seeded(name.length);
      for (let round = 0; round < 10; round++) {
        const ids = ['zzz:quest/a', 'zzz:quest/b', 'zzz:quest/c'];
        const times: Array<Record<string, number | null>> = [];
        const players = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, p) => {
          const held: Record<string, number | null> = {};
          const advancements = ids.filter(() => random() < 0.7).map((id): AdvancementProgress => {
            const at = draw(random);
            held[id] = at;
            return { id, done: true, criteria: at === null ? {} : { done: at }, doneAt: at };
          });
          times.push(held);
          return { uuid: `p${p}`, name: `p${p}`, advancements } as unknown as PlayerSave;
        });
        const nameRank = players.map((_, p) => p).sort(() => random() - 0.5);
        const built = buildAdvancements(players, [4671], nameRank, null);
        for (const id of ids) {
          const at = (p: number): number => times[p]![id] ?? -1;
          const expected = players
            .map((_, p) => p)
            .filter((p) => id in times[p]!)
            .sort((a, b) => (at(a) === at(b) ? nameRank[a]! - nameRank[b]! : at(a) === -1 ? 1 : at(b) === -1 ? -1 : at(a) - at(b)));
          const advancement = built.advancements.find((x) => x.id === id);
          if (advancement === undefined) {
            assert.deepEqual(expected, [], `${id} is in the table once somebody holds it`);
            continue;
          }
          assert.deepEqual(advancement.holders, expected, id);
          assert.deepEqual(advancement.holder_at, expected.map(at), id);
        }
      }
    });
  }
});
