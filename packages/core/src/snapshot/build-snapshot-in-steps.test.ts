import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSnapshot } from './build-snapshot.js';
import { buildSnapshotInSteps } from './build-snapshot-in-steps.js';
import { statCatalogue } from '../catalogue/stat-catalogue.js';
import { custom, done, player, save, uuid } from './testing/save-fixture.js';

const NOW = Date.UTC(2026, 10, 16, 12);

describe('buildSnapshotInSteps(save, options, pause, slices)', () => {
  const data = save([
    player({ uuid: uuid(1), name: 'Steve', stats: custom({ play_time: 900_000, jump: 40 }), advancements: [done('minecraft:story/root', NOW - 1000)] }),
    player({ uuid: uuid(2), name: 'Alex', stats: custom({ play_time: 700_000, jump: 90 }) }),
  ]);

  it('gives what buildSnapshot gives, pausing between its phases and inside them (slices of 0 ms)', async () => {
    let pauses = 0;
    let ticks = 0;
    // Other work waiting on the same thread runs at each pause.
    const other = setInterval(() => ticks++, 0);
    const stepped = await buildSnapshotInSteps(data, { now: NOW }, () => {
      pauses++;
      return new Promise((resolve) => setTimeout(resolve, 2));
    }, { sliceMs: 0 });
    clearInterval(other);
    assert.deepEqual(stepped, buildSnapshot(data, { now: NOW }));
    // At least once per statistic, per player's row and profile, besides the phases.
    assert.ok(pauses >= 6 + statCatalogue.length + 3 * 2, `${pauses} pauses`);
    assert.ok(ticks >= pauses - 1, `${ticks} other tasks ran during ${pauses} pauses`);
  });

  it('pauses only once a slice of building time has passed (an injected clock)', async () => {
    let time = 0;
    let pauses = 0;
    const pause = async () => {
      pauses++;
    };
    // A clock that never moves: the build never pauses.
    const whole = await buildSnapshotInSteps(data, { now: NOW }, pause, { sliceMs: 8, now: () => time });
    assert.equal(pauses, 0);
    // A clock that moves 1 ms at each reading: a pause every 8 readings or so.
    const stepped = await buildSnapshotInSteps(data, { now: NOW }, pause, { sliceMs: 8, now: () => time++ });
    assert.deepEqual(stepped, whole);
    assert.ok(pauses > 0 && pauses < time / 4, `${pauses} pauses in ${time} readings`);
  });
});
