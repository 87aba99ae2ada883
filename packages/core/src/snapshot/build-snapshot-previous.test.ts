import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave, SaveData } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import { custom, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from './testing/save-fixture.js';

/** A player as `readSave` hands it out (packed), so an unchanged one keeps its rows between builds. */
function packed(fields: Partial<PlayerSave> & { uuid: string }): PlayerSave {
  const p = player(fields);
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

/** Twelve players numbered from `first`: enough that one changed player is patched in, not rebuilt. */
function server(first: number): PlayerSave[] {
  return Array.from({ length: 12 }, (_, i) => packed({
    uuid: uuid(first + i),
    name: `P${first + i}`,
    stats: custom({ play_time: HOUR * (i + 1), jump: 10 * i, deaths: i % 3 }),
    advancements: i % 2 === 0 ? [done('story/mine_stone', T0 + i * 1000)] : [],
  }));
}

const options = { now: NOW, stats: tinyStats };
const statOf = (snapshot: ReturnType<typeof buildSnapshot>, id: string) => snapshot.stats.find((s) => s.id === id)!;

describe('buildSnapshot(save, { previous })', () => {
  it('patches the snapshot it is given, though others were built since, with the same result as a fresh build', () => {
    const a = server(1);
    const b = server(100);
    const firstA = buildSnapshot(save(a), options);
    buildSnapshot(save(b), options); // another server's build in between, as a network does
    const changed = [...a];
    changed[4] = packed({ uuid: a[4]!.uuid, name: 'P5', stats: custom({ play_time: HOUR * 5, jump: 999, deaths: 1 }) });
    const next: SaveData = save(changed);

    const patched = buildSnapshot(next, { ...options, previous: firstA });
    buildSnapshot(save(b), options);
    const fresh = buildSnapshot(next, options);
    assert.deepEqual(patched, fresh);
    // What no changed player moved is the previous snapshot's own object (patched, not rebuilt)…
    assert.equal(statOf(patched, 'walk_one_cm'), statOf(firstA, 'walk_one_cm'));
    assert.equal(patched.players[0], firstA.players[0]);
    // …which the build without `previous` could not do: the last snapshot built was b's.
    assert.notEqual(statOf(fresh, 'walk_one_cm'), statOf(firstA, 'walk_one_cm'));
    assert.notEqual(fresh.players[0], firstA.players[0]);
  });

  it('builds from scratch when the previous snapshot is of other players, or null', () => {
    const a = save(server(1));
    const other = buildSnapshot(save(server(100)), options);
    const fresh = buildSnapshot(a, options);
    assert.deepEqual(buildSnapshot(a, { ...options, previous: other }), fresh);
    assert.deepEqual(buildSnapshot(a, { ...options, previous: null }), fresh);
  });
});
