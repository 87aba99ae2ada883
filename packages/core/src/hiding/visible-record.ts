import { fixPlayers } from '../record/player-entries.js';
import type { ActivityRecord } from '../record/types.js';
import { snapshotIndex } from '../queries/snapshot-index.js';
import type { Snapshot } from '../snapshot/types.js';

/** Each record's views, by snapshot: valid while the record's pull count is the same. */
const views = new WeakMap<ActivityRecord, WeakMap<Snapshot, { pulls: number; view: ActivityRecord }>>();
/** Each record's last view's players, and how many: the next view's when the same players are visible. */
const lastPlayers = new WeakMap<ActivityRecord, { players: ActivityRecord['players']; count: number }>();

/**
 * The activity record restricted to the players a snapshot publishes. The record keeps every
 * player it saw (it is append-only), hidden players included, so a player who is unhidden gets
 * their activity back; every activity, events or standings query must read it through this view,
 * so a hidden player (or one whose files are gone) is never served. The view shares the record's
 * arrays; a new view is made when the snapshot or the record's pull count changes (the last
 * view's players object reused when the same players are visible), and the view of each
 * snapshot is kept while the snapshot is (one built for the next snapshot, before it is served,
 * leaves the served one's).
 *
 * @example
 * ```ts
 * const page = activePlayers(visibleRecord(record, snapshot), { now: Date.now() });
 * ```
 */
export function visibleRecord(record: ActivityRecord, snapshot: Snapshot): ActivityRecord {
  let bySnapshot = views.get(record);
  if (!bySnapshot) views.set(record, (bySnapshot = new WeakMap()));
  const known = bySnapshot.get(snapshot);
  if (known && known.pulls === record.times.length) return known.view;
  const players = visiblePlayers(record, snapshot);
  const view: ActivityRecord = { ...record, players };
  bySnapshot.set(snapshot, { pulls: record.times.length, view });
  return view;
}

/** The record's players the snapshot publishes: the last view's object when they are the same. */
function visiblePlayers(record: ActivityRecord, snapshot: Snapshot): ActivityRecord['players'] {
  const { byUuid } = snapshotIndex(snapshot);
  const last = lastPlayers.get(record);
  if (last) {
    // The same players (the same tracks) visible as in the last view: a lookup each, no new object of every player.
    let count = 0;
    let same = true;
    for (const uuid in record.players) {
      if (!byUuid.has(uuid)) continue;
      count++;
      if (last.players[uuid] !== record.players[uuid]) {
        same = false;
        break;
      }
    }
    if (same && count === last.count) return last.players;
  }
  const players: ActivityRecord['players'] = {};
  let count = 0;
  for (const uuid in record.players) {
    if (!byUuid.has(uuid)) continue;
    players[uuid] = record.players[uuid]!;
    count++;
  }
  lastPlayers.set(record, { players, count });
  return fixPlayers(players);
}
