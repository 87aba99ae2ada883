import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from './build-snapshot.js';
import { buildSnapshotInSteps } from './build-snapshot-in-steps.js';
import { custom, done, player, save, uuid } from './testing/save-fixture.js';

const NOW = Date.UTC(2026, 10, 16, 12);

describe('buildSnapshotInSteps(save, options, pause)', () => {
  const data = save([
    player({ uuid: uuid(1), name: 'Steve', stats: custom({ play_time: 900_000, jump: 40 }), advancements: [done('minecraft:story/root', NOW - 1000)] }),
    player({ uuid: uuid(2), name: 'Alex', stats: custom({ play_time: 700_000, jump: 90 }) }),
  ]);

  it('gives what buildSnapshot gives, pausing between its phases', async () => {
    let pauses = 0;
    let ticks = 0;
    // Other work waiting on the same thread runs at each pause.
    const other = setInterval(() => ticks++, 0);
    const stepped = await buildSnapshotInSteps(data, { now: NOW }, () => {
      pauses++;
      return new Promise((resolve) => setTimeout(resolve, 2));
    });
    clearInterval(other);
    assert.deepEqual(stepped, buildSnapshot(data, { now: NOW }));
    assert.ok(pauses >= 6, `${pauses} pauses`);
    assert.ok(ticks >= pauses - 1, `${ticks} other tasks ran during ${pauses} pauses`);
  });
});
