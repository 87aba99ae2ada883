import type { PlayerNames } from '../activity/rank-order.js';
import type { Snapshot } from '../snapshot/types.js';
import { snapshotIndex } from './snapshot-index.js';

const kept = new WeakMap<Snapshot, PlayerNames>();

/**
 * Names by uuid of the snapshot's players, for the activity functions' tie order (DECISIONS 10):
 * a lookup through the snapshot's index by uuid (built once per snapshot anyway), not another
 * map or object of every player. Kept per snapshot.
 *
 * @example
 * activePlayers(visibleRecord(record, snapshot), { now, names: snapshotNames(snapshot) });
 */
export function snapshotNames(snapshot: Snapshot): PlayerNames {
  let names = kept.get(snapshot);
  if (!names) {
    const { byUuid } = snapshotIndex(snapshot);
    const { players } = snapshot;
    names = (uuid: string) => {
      const p = byUuid.get(uuid);
      return p === undefined ? undefined : players[p]!.name;
    };
    kept.set(snapshot, names);
  }
  return names;
}
