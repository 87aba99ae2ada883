import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave } from '../save/types.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { league } from '../snapshot/testing/league.js';
import { custom, HOUR, NOW, player, save, tinyStats, uuid } from '../snapshot/testing/save-fixture.js';
import type { Snapshot } from '../snapshot/types.js';
import { leaderboard } from './leaderboard.js';
import { prepareStatLeaders, statLeader, statLeaderIndex } from './stat-leaders.js';

/** Every stat's leader as the first two entries of its board tell it. */
function fromBoards(snapshot: Snapshot) {
  return snapshot.stats.map((stat) => {
    const [first, second] = leaderboard(snapshot, stat.id, { limit: 2 })!.items;
    return [stat.id, { holder: first?.player ?? null, tied: second?.rank === 1 }];
  });
}

const fromTable = (snapshot: Snapshot) => snapshot.stats.map((stat) => [stat.id, statLeader(snapshot, stat.id)]);

/** A player as `readSave` hands it out (packed), so that a pull patches the boards of the previous snapshot. */
function packed(fields: Partial<PlayerSave> & { uuid: string }): PlayerSave {
  const p = player(fields);
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

describe('statLeader(snapshot, statId)', () => {
  it("equals each board's first two entries: holder and tie", () => {
    const s = league();
    prepareStatLeaders(s);
    assert.deepStrictEqual(fromTable(s), fromBoards(s));
    assert.equal(statLeader(s, 'jump')!.tied, true, 'Alice and bob share the jump record');
    assert.equal(statLeader(s, 'no_such_stat'), null);
  });

  it('equals the boards of a snapshot a pull patched, not the previous snapshot; an empty board has no holder', () => {
    const players = Array.from({ length: 12 }, (_, i) => packed({ uuid: uuid(i + 1), name: `P${i + 1}`, stats: custom({ play_time: HOUR * (i + 1), jump: 10 * i, deaths: i % 3 }) }));
    const options = { now: NOW, stats: tinyStats };
    const first = buildSnapshot(save(players), options);
    prepareStatLeaders(first);
    const before = fromTable(first);
    const changed = [...players];
    changed[2] = packed({ uuid: players[2]!.uuid, name: 'P3', stats: custom({ play_time: HOUR * 99, jump: 999, deaths: 5 }) });
    const patched = buildSnapshot(save(changed), { ...options, previous: first });
    prepareStatLeaders(patched);
    assert.deepStrictEqual(fromTable(patched), fromBoards(patched));
    assert.equal(statLeader(patched, 'jump')!.holder!.name, 'P3');
    assert.equal(statLeader(first, 'jump')!.holder!.name, 'P12');
    assert.ok(patched.stats.some((stat) => stat.board.length === 0 && statLeader(patched, stat.id)!.holder === null), 'an empty board has no holder');
    assert.deepStrictEqual(fromTable(first), before, "the previous snapshot's table is its own");
  });

  it("statLeaderIndex tells the same leader by its index in snapshot.players (-1: none)", () => {
    const s = league();
    for (const stat of s.stats) {
      const leader = statLeader(s, stat.id)!;
      const row = statLeaderIndex(s, stat.id)!;
      assert.equal(row.tied, leader.tied, stat.id);
      assert.equal(row.holder === -1 ? null : s.players[row.holder]!.uuid, leader.holder?.uuid ?? null, stat.id);
    }
    assert.equal(statLeaderIndex(s, 'no_such_stat'), null);
  });
});
