import { playerCounts, prepareStatLeaders, type Snapshot } from '@blockstats/core';

/**
 * The `snapshot_tables` step of `prepareShared`: small per-snapshot tables that the first views
 * after a pull would otherwise build, each a pass over the players or the boards: every stat's
 * record holder and tie (the stats page, `statLeader`) and the players counted by edition
 * (`playerCounts`: the home page's `/v1/server` and `/v1/totals`, the totals page).
 *
 * @example
 * prepareSnapshotTables(snapshot); // after a pull's build, before its swap
 */
export function prepareSnapshotTables(snapshot: Snapshot): void {
  prepareStatLeaders(snapshot);
  playerCounts(snapshot);
}
