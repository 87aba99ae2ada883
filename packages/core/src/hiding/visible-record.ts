import type { ActivityRecord } from '../record/types.js';
import { snapshotIndex } from '../queries/snapshot-index.js';
import type { Snapshot } from '../snapshot/types.js';

/** The last view of each record: valid while the snapshot and the record's pull count are the same. */
const views = new WeakMap<ActivityRecord, { snapshot: Snapshot; pulls: number; view: ActivityRecord }>();

/**
 * The activity record restricted to the players a snapshot publishes. The record keeps every
 * player it saw (it is append-only), hidden players included, so a player who is unhidden gets
 * their activity back; every activity, events or standings query must read it through this view,
 * so a hidden player (or one whose files are gone) is never served. The view shares the record's
 * arrays; it is rebuilt when the snapshot or the record's pull count changes.
 *
 * @example
 * ```ts
 * const page = activePlayers(visibleRecord(record, snapshot), { now: Date.now() });
 * ```
 */
export function visibleRecord(record: ActivityRecord, snapshot: Snapshot): ActivityRecord {
  const last = views.get(record);
  if (last && last.snapshot === snapshot && last.pulls === record.times.length) return last.view;
  const { byUuid } = snapshotIndex(snapshot);
  const players: ActivityRecord['players'] = {};
  for (const uuid in record.players) if (byUuid.has(uuid)) players[uuid] = record.players[uuid]!;
  const view: ActivityRecord = { ...record, players };
  views.set(record, { snapshot, pulls: record.times.length, view });
  return view;
}
