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
