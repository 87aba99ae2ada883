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
/** Each index's tables by uuid and by name (once built), to share with the next snapshot's (see `snapshotIndex`). */
const tables = new WeakMap<SnapshotIndex, Tables>();
/** The last snapshot indexed, while something else keeps it (a served snapshot). */
let lastIndexed: WeakRef<Snapshot> | null = null;

interface Tables {
  players: Snapshot['players'];
  byUuid: Map<string, number>;
  /** The name table, once built, and whether every name in it is one player's (no two share a name). */
  names: { byName: Map<string, number>; unique: boolean } | null;
}

/**
 * The lookup tables of a snapshot. A snapshot is immutable data, so the tables are derived once
 * and kept in a WeakMap: they vanish with the snapshot and never enter its JSON. A snapshot of
 * the same players in the same order as the last one indexed (a pull 15 minutes later) shares
 * its table by uuid, and its table by name when no two players share a name and nobody was
 * renamed (then who is seen later plays no part): one comparison a player, not a map built.
 *
 * @example
 * snapshotIndex(snapshot).byStat.get('jump'); // index into snapshot.stats
 */
export function snapshotIndex(snapshot: Snapshot): SnapshotIndex {
  let index = cache.get(snapshot);
  if (index) return index;
  const last = lastIndexed?.deref();
  const lastTables = last === undefined ? undefined : tables.get(cache.get(last)!);
  const shared = lastTables !== undefined && sameUuids(lastTables.players, snapshot.players) ? lastTables : null;
  const own: Tables = { players: snapshot.players, byUuid: shared?.byUuid ?? uuidsIndex(snapshot), names: null };
  // By name only when a name is first looked up (a profile), not for what only needs uuids (the record's views, the crowns).
  index = {
    byUuid: own.byUuid,
    get byName() {
      own.names ??= shared?.names?.unique && sameNames(shared.players, snapshot.players) ? shared.names : namesIndex(snapshot);
      return own.names.byName;
    },
    byStat: new Map(snapshot.stats.map((s, i) => [s.id, i])),
    byAdvancement: new Map(snapshot.advancements.map((a, i) => [namespacedAdvancementId(a.id), i])),
    vanillaAdvancements: snapshot.advancements.filter((a) => a.source === 'vanilla').length,
  };
  cache.set(snapshot, index);
  tables.set(index, own);
  lastIndexed = new WeakRef(snapshot);
  return index;
}

function uuidsIndex(snapshot: Snapshot): Map<string, number> {
  const byUuid = new Map<string, number>();
  snapshot.players.forEach((player, i) => byUuid.set(player.uuid, i));
  return byUuid;
}

/** The same players' uuids at the same indexes (a player kept by a rebuild is the same object). */
function sameUuids(a: Snapshot['players'], b: Snapshot['players']): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i]!.uuid !== b[i]!.uuid) return false;
  return true;
}

/** The same names at the same indexes. */
function sameNames(a: Snapshot['players'], b: Snapshot['players']): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i]!.name !== b[i]!.name) return false;
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

/** Lowercased name → the most recently seen player with that name; and whether no two players share one. */
function namesIndex(snapshot: Snapshot): { byName: Map<string, number>; unique: boolean } {
  const byName = new Map<string, number>();
  let named = 0;
  snapshot.players.forEach((player, i) => {
    if (player.name === null) return;
    named++;
    const key = player.name.toLowerCase();
    const other = byName.get(key);
    if (other === undefined || seenLater(snapshot, i, other)) byName.set(key, i);
  });
  return { byName, unique: byName.size === named };
}

/** True when player a was online more recently than b (unknown counts as never); uuid order on a tie. */
function seenLater(snapshot: Snapshot, a: number, b: number): boolean {
  const ta = snapshot.players[a]!.last_online_ms ?? -Infinity;
  const tb = snapshot.players[b]!.last_online_ms ?? -Infinity;
  return ta !== tb ? ta > tb : a < b;
}
