import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSnapshot } from './build-snapshot.js';
import { snapshotGeneration } from './snapshot-generation.js';
import { asJson } from './testing/as-json.js';
import { ids, leagueSave } from './testing/league.js';
import { custom, HOUR, NOW, tinyStats } from './testing/save-fixture.js';
import type { Snapshot } from './types.js';

const indexOf = (s: Snapshot, uuid: string) => s.players.findIndex((p) => p.uuid === uuid);

describe('a rebuild keeps unchanged players as the same objects', () => {
  it('reuses exactly the players equal in every field, and hashes as a build from scratch', () => {
    const before = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    // Dora, unranked, plays past the minimum and jumps 50: gold in jump, Alice and bob lose theirs.
    const input = leagueSave();
    const dora = input.players.find((p) => p.uuid === ids.dora)!;
    dora.stats = custom({ play_time: 2 * HOUR, jump: 50, deaths: 9 });
    const after = buildSnapshot(input, { now: NOW, stats: tinyStats });

    let reused = 0;
    after.players.forEach((p, i) => {
      const equal = JSON.stringify(p) === JSON.stringify(before.players[i]);
      assert.equal(p === before.players[i], equal, `${p.uuid}: reused exactly when equal`);
      if (equal) reused++;
    });
    assert.ok(reused > 0 && reused < after.players.length, `some reused, some not (${reused})`);
    assert.notEqual(after.players[indexOf(after, ids.alice)], before.players[indexOf(before, ids.alice)], 'Alice lost a gold medal');
    assert.notEqual(after.players[indexOf(after, ids.dora)], before.players[indexOf(before, ids.dora)]);

    // An unmarked copy as a snapshot file reads back (structuredClone would drop the rows' class).
    const { generation, ...rest } = JSON.parse(JSON.stringify(after)) as Snapshot;
    assert.equal(snapshotGeneration(rest), generation, 'the remembered digests give the generation of an unmarked copy');
    assert.deepStrictEqual(asJson(JSON.parse(JSON.stringify(after)) as Snapshot), asJson(after));
  });

  it('keeps a player whose counters changed but whose profile did not', () => {
    const before = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    const input = leagueSave();
    // Carl dies 10 times: still gold in deaths, so only his deaths rank stays and nothing else moves.
    input.players.find((p) => p.uuid === ids.carl)!.stats = custom({ play_time: 3 * HOUR, jump: 5, deaths: 10 });
    const after = buildSnapshot(input, { now: NOW, stats: tinyStats });
    const carl = indexOf(after, ids.carl);
    assert.deepStrictEqual(after.players[carl], before.players[carl], 'his profile did not change');
    assert.equal(after.players[carl], before.players[carl]);
  });

  it('tells apart players equal but for the content of an array', () => {
    const before = buildSnapshot(leagueSave(), { now: NOW, stats: tinyStats });
    const input = leagueSave();
    // Dora plays 90 minutes and nothing else: fourth in play time, bob fifth (no medal either way).
    input.players.find((p) => p.uuid === ids.dora)!.stats = custom({ play_time: 1.5 * HOUR });
    const after = buildSnapshot(input, { now: NOW, stats: tinyStats });
    const bob = indexOf(after, ids.bob);
    const changed = Object.keys(after.players[bob]!).filter(
      (k) => JSON.stringify(after.players[bob]![k as 'uuid']) !== JSON.stringify(before.players[bob]![k as 'uuid']),
    );
    assert.deepStrictEqual(changed, ['top_ranks']);
    assert.notEqual(after.players[bob], before.players[bob]);
  });
});
