import { fixPlayers, isFixed } from '../record/player-entries.js';
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

/**
 * The record's players the snapshot publishes: the last view's object when they are the same;
 * the record's own object when it shows every player and never changes (a network's merged
 * record: see `fixPlayers`), or its copy without the few it hides; else those picked one by one.
 */
function visiblePlayers(record: ActivityRecord, snapshot: Snapshot): ActivityRecord['players'] {
  const { byUuid } = snapshotIndex(snapshot);
  const last = lastPlayers.get(record);
  // One pass: the hidden players, and whether the visible ones are the last view's (the same tracks).
  const hidden: string[] = [];
  let count = 0;
  let same = last !== undefined;
  for (const uuid in record.players) {
    if (!byUuid.has(uuid)) {
      hidden.push(uuid);
      continue;
    }
    count++;
    if (same && last!.players[uuid] !== record.players[uuid]) same = false;
  }
  if (same && count === last!.count) return last!.players;
  const players = isFixed(record.players) ? withoutHidden(record.players, hidden, count) : picked(record.players, byUuid);
  lastPlayers.set(record, { players, count });
  return fixPlayers(players);
}

/** Above this share of hidden players a view picks the visible ones rather than copying and deleting. */
const DELETE_SHARE = 1 / 8;

/** `players` (never changed) without `hidden`: itself when none is, else a copy they are deleted from (the same order as picked). */
function withoutHidden(players: ActivityRecord['players'], hidden: readonly string[], visible: number): ActivityRecord['players'] {
  if (hidden.length === 0) return players;
  if (hidden.length > (visible + hidden.length) * DELETE_SHARE) return picked(players, null, new Set(hidden));
  const copy: ActivityRecord['players'] = Object.assign({}, players);
  for (const uuid of hidden) delete copy[uuid];
  return copy;
}

/** The players `byUuid` holds (or those `hidden` does not), picked one by one in the object's order. */
function picked(players: ActivityRecord['players'], byUuid: ReadonlyMap<string, unknown> | null, hidden?: ReadonlySet<string>): ActivityRecord['players'] {
  const out: ActivityRecord['players'] = {};
  for (const uuid in players) {
    if (byUuid !== null ? !byUuid.has(uuid) : hidden!.has(uuid)) continue;
    out[uuid] = players[uuid]!;
  }
  return out;
}
