import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { predecessorOf } from '../snapshot/snapshot-predecessor.js';
import type { Snapshot, SnapshotPlayer } from '../snapshot/types.js';

/** Lookup tables derived from a snapshot, built on first use (`byName` on its own first use) and cached per snapshot object. */
export interface SnapshotIndex {
  byUuid: ReadonlyMap<string, number>;
  /** Lowercased name → the most recently seen player with that name (SPEC identifier rule). */
  byName: ReadonlyMap<string, number>;
  byStat: ReadonlyMap<string, number>;
  byAdvancement: ReadonlyMap<string, number>;
  /** Vanilla advancements in the snapshot (the denominator of `advancements_earned`). */
  vanillaAdvancements: number;
}

const cache = new WeakMap<Snapshot, SnapshotIndex>();

/** What an index was built from, and its name table once built, for the index of a snapshot patching that one. */
interface Built {
  players: readonly SnapshotPlayer[];
  byName: NamesIndex | null;
}
const built = new WeakMap<SnapshotIndex, Built>();

/** The name table, and the lowercased names more than one player has (whose winner depends on when each was online). */
interface NamesIndex {
  byName: Map<string, number>;
  shared: Set<string>;
}

/**
 * The lookup tables of a snapshot. A snapshot is immutable data, so the tables are derived once
 * and kept in a WeakMap: they vanish with the snapshot and never enter its JSON. A rebuilt
 * snapshot with the same players at the same positions as the one it patched (see
 * `predecessorOf`) shares that one's tables by uuid, stat and advancement, and its table by
 * name when no changed player was renamed or shares a name.
 *
 * @example
 * snapshotIndex(snapshot).byStat.get('jump'); // index into snapshot.stats
 */
export function snapshotIndex(snapshot: Snapshot): SnapshotIndex {
  let index = cache.get(snapshot);
  if (index) return index;
  const predecessor = predecessorOf(snapshot);
  const last = predecessor === undefined ? undefined : cache.get(predecessor);
  const lastBuilt = last === undefined ? undefined : built.get(last);
  const changed = last !== undefined && lastBuilt !== undefined ? changedPositions(lastBuilt.players, snapshot.players) : null;
  let byUuid: ReadonlyMap<string, number>;
  if (changed !== null) byUuid = last!.byUuid;
  else {
    const map = new Map<string, number>();
    snapshot.players.forEach((player, i) => map.set(player.uuid, i));
    byUuid = map;
  }
  // By name only when a name is first looked up (a profile), not for what only needs uuids (the record's views, the crowns).
  const mine: Built = { players: snapshot.players, byName: null };
  const names = (): NamesIndex => {
    const kept = changed !== null ? lastBuilt!.byName : null;
    return (mine.byName ??= kept !== null && sameNames(kept, lastBuilt!.players, snapshot.players, changed!) ? kept : namesIndex(snapshot));
  };
  index = {
    byUuid,
    get byName() {
      return names().byName;
    },
    byStat: last !== undefined && sameIds(predecessor!.stats, snapshot.stats) ? last.byStat : new Map(snapshot.stats.map((s, i) => [s.id, i])),
    byAdvancement: last !== undefined && sameIds(predecessor!.advancements, snapshot.advancements) ? last.byAdvancement : new Map(snapshot.advancements.map((a, i) => [namespacedAdvancementId(a.id), i])),
    vanillaAdvancements: snapshot.advancements.filter((a) => a.source === 'vanilla').length,
  };
  cache.set(snapshot, index);
  built.set(index, mine);
  return index;
}

/** The positions whose player object differs, when every position holds the same uuid as before; else null. */
function changedPositions(before: readonly SnapshotPlayer[], after: readonly SnapshotPlayer[]): number[] | null {
  if (before.length !== after.length) return null;
  const changed: number[] = [];
  for (let i = 0; i < after.length; i++) {
    if (after[i] === before[i]) continue;
    if (after[i]!.uuid !== before[i]!.uuid) return null;
    changed.push(i);
  }
  return changed;
}

/** Whether the changed players kept their names, none of them shared with another player: the name table is the same. */
function sameNames(kept: NamesIndex, before: readonly SnapshotPlayer[], after: readonly SnapshotPlayer[], changed: readonly number[]): boolean {
  for (const i of changed) {
    const name = after[i]!.name;
    if (name !== before[i]!.name) return false;
    if (name !== null && kept.shared.has(name.toLowerCase())) return false;
  }
  return true;
}

/** The same ids in the same order. */
function sameIds(before: ReadonlyArray<{ id: string }>, after: ReadonlyArray<{ id: string }>): boolean {
  if (before === after) return true;
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) if (before[i]!.id !== after[i]!.id) return false;
  return true;
}

/**
 * Builds every table of the snapshot's index now, the name table included (otherwise built by
 * the first lookup by name): a server calls it once a pull published the snapshot, so the first
 * page that links a player does not pay for it.
 *
 * @example
 * indexSnapshot(snapshot); // later findPlayer(snapshot, 'Steve') finds the tables built
 */
export function indexSnapshot(snapshot: Snapshot): void {
  void snapshotIndex(snapshot).byName;
}

/** Lowercased name → the most recently seen player with that name; and the names more than one player has. */
function namesIndex(snapshot: Snapshot): NamesIndex {
  const byName = new Map<string, number>();
  const shared = new Set<string>();
  snapshot.players.forEach((player, i) => {
    if (player.name === null) return;
    const key = player.name.toLowerCase();
    const other = byName.get(key);
    if (other !== undefined) shared.add(key);
    if (other === undefined || seenLater(snapshot, i, other)) byName.set(key, i);
  });
  return { byName, shared };
}

/** True when player a was online more recently than b (unknown counts as never); uuid order on a tie. */
function seenLater(snapshot: Snapshot, a: number, b: number): boolean {
  const ta = snapshot.players[a]!.last_online_ms ?? -Infinity;
  const tb = snapshot.players[b]!.last_online_ms ?? -Infinity;
  return ta !== tb ? ta > tb : a < b;
}
