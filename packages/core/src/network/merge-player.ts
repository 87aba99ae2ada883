import { namespacedAdvancementId } from '../catalogue/advancement-catalogue.js';
import { attachPacked, deepFreeze, packedPartsOf, unpackAdvancements, unpackStats, type PackedParts } from '../save/packed.js';
import type { AdvancementProgress, PlayerSave, StatCounters } from '../save/types.js';
import { mergePackedAdvancements, mergePackedStats } from './merge-packed.js';

/**
 * One person seen on several servers of a network, as one `PlayerSave`: counters summed, each
 * advancement criterion at its earliest time anywhere (done when done anywhere, `doneAt` the
 * earliest completion), the name of the most recent sighting (`lastOnline`, else the newest file
 * time), last online the latest, first played, recipes' earliest and the oldest file time the
 * earliest. Recipe unlocks cannot be unioned from their summaries: the count is the largest one
 * server has. `files` are the first server's that has each kind (paths relative to that server's
 * root). `sightings` are in the network's server order, all of the same UUID, renamed to
 * today's ids by the reader already (so a 1.15 `zombie_pigman` adds to a 1.21 `zombified_piglin`).
 * The result is frozen (packed like the sightings when they are, see `attachPacked`). A single
 * sighting is returned as it is.
 *
 * @example
 * mergePlayer([survivalSteve, skyblockSteve]).stats['minecraft:custom']['minecraft:jump'];
 * // survival's jumps + skyblock's jumps
 */
export function mergePlayer(sightings: readonly PlayerSave[]): PlayerSave {
  if (sightings.length === 1) return sightings[0]!;
  const parts = sightings.map(packedPartsOf);
  if (parts.every((p) => p !== undefined)) return packed(sightings, parts as PackedParts[]);
  return deepFreeze(mergedFields(sightings, sumStats(sightings.map(statsOf)), unionAdvancements(sightings.map(advancementsOf))));
}

/** The merged player with the given counters and entries (placeholders for a packed one). */
function mergedFields(sightings: readonly PlayerSave[], stats: StatCounters, advancements: AdvancementProgress[]): PlayerSave {
  const latest = mostRecent(sightings)!;
  const named = mostRecent(sightings.filter((p) => p.name !== null));
  const recipeCounts = sightings.map((p) => p.recipes.count);
  return {
    uuid: latest.uuid,
    edition: latest.edition,
    name: named?.name ?? null,
    nameSource: named?.nameSource ?? null,
    stats,
    statsDataVersion: largest(sightings.map((p) => p.statsDataVersion)),
    legacyStats: sightings.every((p) => p.statsDataVersion === null) && sightings.some((p) => p.legacyStats),
    advancements,
    advancementsDataVersion: largest(sightings.map((p) => p.advancementsDataVersion)),
    recipes: { count: Math.max(...recipeCounts), earliest: smallest(sightings.map((p) => p.recipes.earliest)) },
    lastOnline: largest(sightings.map((p) => p.lastOnline)),
    lastOnlineSource: mostRecent(sightings.filter((p) => p.lastOnline !== null))?.lastOnlineSource ?? null,
    firstPlayed: smallest(sightings.map((p) => p.firstPlayed)),
    playerDataVersion: largest(sightings.map((p) => p.playerDataVersion)),
    files: {
      stats: sightings.find((p) => p.files.stats !== null)?.files.stats ?? null,
      advancements: sightings.find((p) => p.files.advancements !== null)?.files.advancements ?? null,
      playerdata: sightings.find((p) => p.files.playerdata !== null)?.files.playerdata ?? null,
    },
    newestMtime: largest(sightings.map((p) => p.newestMtime)),
    oldestMtime: smallest(sightings.map((p) => p.oldestMtime)),
  };
}

/**
 * A merge of players `readSave` read, packed as they are (see `attachPacked`): ~3 KB a player
 * instead of ~23 KB of counters and criteria as objects, and read by the snapshot builder as
 * theirs are. The sightings' packed summaries are merged as they are (see `mergePackedStats`),
 * never unpacked. The packed stats are null where a plain merge would have no stats reading
 * (see `hasStatsReading`), as a player whose stats file could not be read.
 */
function packed(sightings: readonly PlayerSave[], sightingParts: readonly PackedParts[]): PlayerSave {
  const merged = mergedFields(sightings, {}, []);
  const parts = {
    stats: mergePackedStats(sightingParts.map((p) => p.stats), merged.statsDataVersion, merged.legacyStats),
    advancements: mergePackedAdvancements(sightingParts.map((p) => p.advancements), merged.advancementsDataVersion, merged.recipes),
  };
  const out = attachPacked(merged, parts);
  deepFreeze(out.files);
  deepFreeze(out.recipes);
  return Object.freeze(out);
}

/**
 * A sighting's counters: a packed player's unpacked for this merge only (its own object would
 * keep them unpacked for good: ~20 KB more for each sighting of every shared player).
 */
function statsOf(player: PlayerSave): StatCounters {
  const parts = packedPartsOf(player);
  if (parts === undefined) return player.stats;
  return parts.stats ? unpackStats(parts.stats) : {};
}

/** A sighting's advancement entries, as {@link statsOf} its counters. */
function advancementsOf(player: PlayerSave): readonly AdvancementProgress[] {
  const parts = packedPartsOf(player);
  if (parts === undefined) return player.advancements;
  return parts.advancements ? unpackAdvancements(parts.advancements) : [];
}

/** When a sighting was last seen: its last online time, else its newest file. */
const seenAt = (p: PlayerSave): number => p.lastOnline ?? p.newestMtime ?? Number.NEGATIVE_INFINITY;

/** The most recent sighting; on a tie the earlier server in the network's order. */
function mostRecent(sightings: readonly PlayerSave[]): PlayerSave | undefined {
  let best: PlayerSave | undefined;
  for (const p of sightings) if (best === undefined || seenAt(p) > seenAt(best)) best = p;
  return best;
}

function largest(values: readonly (number | null)[]): number | null {
  let out: number | null = null;
  for (const v of values) if (v !== null && (out === null || v > out)) out = v;
  return out;
}

function smallest(values: readonly (number | null)[]): number | null {
  let out: number | null = null;
  for (const v of values) if (v !== null && (out === null || v < out)) out = v;
  return out;
}

/** Sets an own property, also for the key `__proto__` (which plain assignment would not create). */
function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}

/** Every counter summed over the sightings (absent counts as 0, as MinecraftStats sums sources). */
function sumStats(all: readonly StatCounters[]): StatCounters {
  const out: StatCounters = {};
  for (const stats of all) {
    for (const type of Object.keys(stats)) {
      const counters = stats[type]!;
      let sum = Object.hasOwn(out, type) ? out[type]! : undefined;
      if (sum === undefined) setOwn(out, type, (sum = {}));
      for (const key of Object.keys(counters)) setOwn(sum, key, (Object.hasOwn(sum, key) ? sum[key]! : 0) + counters[key]!);
    }
  }
  return out;
}

/**
 * The advancements held anywhere, by namespaced id in the order first met: each criterion at its
 * earliest time, done when done anywhere, completed at the earliest completion.
 */
function unionAdvancements(all: readonly (readonly AdvancementProgress[])[]): AdvancementProgress[] {
  const byId = new Map<string, AdvancementProgress>();
  for (const entries of all) {
    for (const entry of entries) {
      const id = namespacedAdvancementId(entry.id);
      let merged = byId.get(id);
      if (merged === undefined) byId.set(id, (merged = { id, done: false, criteria: {}, doneAt: null }));
      for (const name of Object.keys(entry.criteria)) {
        const at = entry.criteria[name]!;
        if (!Object.hasOwn(merged.criteria, name) || at < merged.criteria[name]!) setOwn(merged.criteria, name, at);
      }
      if (entry.done) {
        merged.done = true;
        if (entry.doneAt !== null && (merged.doneAt === null || entry.doneAt < merged.doneAt)) merged.doneAt = entry.doneAt;
      }
    }
  }
  return [...byId.values()];
}
