import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Snapshot, SnapshotPlayer } from '../snapshot/types.js';
import { snapshotNumbers } from './snapshot-numbers.js';
import { StatHistory } from './stat-history.js';
import { seeded } from '../snapshot/testing/seeded.js';

/** The numbers the slow way: every history player looked up by uuid. */
function expected(snapshot: Snapshot, history: StatHistory): number[] {
  return history.uuids.map((uuid) => snapshot.players.findIndex((p) => p.uuid === uuid));
}

const somePlayer = (uuid: string): SnapshotPlayer => ({ uuid, name: uuid }) as unknown as SnapshotPlayer;
const asSnapshot = (players: SnapshotPlayer[]): Snapshot => ({ players }) as unknown as Snapshot;

describe('snapshotNumbers(snapshot, history)', () => {
  it('equals a lookup of every history player across rebuilt snapshots and a growing history (randomised)', () => {
    const next = seeded(17);
    const rand = (n: number): number => Math.floor(next() * n);
    const history = new StatHistory(['jump']);
    let recorded = 0;
    const record = (count: number): void => {
      for (let k = 0; k < count; k++) history.read(20_000, `u${recorded++}`, new Float64Array([1]));
    };
    record(30);
    let players = Array.from({ length: 40 }, (_, i) => somePlayer(`u${i}`));
    const kept: Snapshot[] = [];
    for (let round = 0; round < 200; round++) {
      const next = players.slice();
      for (let c = rand(6); c > 0; c--) {
        const i = rand(next.length);
        if (next[i] === undefined) {
          next.push(somePlayer(`u${rand(recorded + 20)}`));
          continue;
        }
        // A changed profile (the same uuid), another player at that position, or a player gone or new.
        const kind = rand(4);
        if (kind === 0) next[i] = somePlayer(next[i]!.uuid);
        else if (kind === 1) next[i] = somePlayer(`u${rand(recorded + 20)}`);
        else if (kind === 2) next.splice(i, 1);
        else next.splice(i, 0, somePlayer(`u${recorded + rand(30)}`));
      }
      // Unique uuids, as in a snapshot.
      const seen = new Set<string>();
      players = next.filter((p) => !seen.has(p.uuid) && seen.add(p.uuid));
      const snapshot = asSnapshot(players);
      kept.push(snapshot);
      if (rand(3) === 0) record(rand(4));
      assert.deepEqual([...snapshotNumbers(snapshot, history)], expected(snapshot, history), `round ${round}`);
      // The same snapshot once more players were recorded.
      if (rand(4) === 0) {
        record(1 + rand(3));
        assert.deepEqual([...snapshotNumbers(snapshot, history)], expected(snapshot, history), `round ${round}, again`);
      }
    }
  });
});
