import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import type { Snapshot } from '../snapshot/types.js';

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

/**
 * The lookup tables of a snapshot. A snapshot is immutable data, so the tables are derived once
 * and kept in a WeakMap: they vanish with the snapshot and never enter its JSON.
 *
 * @example
 * snapshotIndex(snapshot).byStat.get('jump'); // index into snapshot.stats
 */
export function snapshotIndex(snapshot: Snapshot): SnapshotIndex {
  let index = cache.get(snapshot);
  if (index) return index;
  const byUuid = new Map<string, number>();
  snapshot.players.forEach((player, i) => byUuid.set(player.uuid, i));
  // By name only when a name is first looked up (a profile), not for what only needs uuids (the record's views, the crowns).
  let byName: Map<string, number> | null = null;
  index = {
    byUuid,
    get byName() {
      return (byName ??= namesIndex(snapshot));
    },
    byStat: new Map(snapshot.stats.map((s, i) => [s.id, i])),
    byAdvancement: new Map(snapshot.advancements.map((a, i) => [namespacedAdvancementId(a.id), i])),
    vanillaAdvancements: snapshot.advancements.filter((a) => a.source === 'vanilla').length,
  };
  cache.set(snapshot, index);
  return index;
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

/** Lowercased name → the most recently seen player with that name. */
function namesIndex(snapshot: Snapshot): Map<string, number> {
  const byName = new Map<string, number>();
  snapshot.players.forEach((player, i) => {
    if (player.name === null) return;
    const key = player.name.toLowerCase();
    const other = byName.get(key);
    if (other === undefined || seenLater(snapshot, i, other)) byName.set(key, i);
  });
  return byName;
}

/** True when player a was online more recently than b (unknown counts as never); uuid order on a tie. */
function seenLater(snapshot: Snapshot, a: number, b: number): boolean {
  const ta = snapshot.players[a]!.last_online_ms ?? -Infinity;
  const tb = snapshot.players[b]!.last_online_ms ?? -Infinity;
  return ta !== tb ? ta > tb : a < b;
}
