import { attachPacked, packAdvancements, packedPartsOf, packStats, unpackAdvancements, unpackStats } from './packed.js';
import type { AdvancementProgress, PlayerSave, StatCounters } from './types.js';

/** A `PlayerSave` as JSON (see `encodePlayerSave`). */
export interface EncodedPlayerSave extends Omit<PlayerSave, 'stats' | 'advancements'> {
  format: 1;
  /** The counters, or null when the player had no usable stats file. */
  stats: StatCounters | null;
  /** The advancement entries, or null when the player had no usable advancements file. */
  advancements: AdvancementProgress[] | null;
}

/**
 * A player as plain JSON, to keep on disk and read back with `decodePlayerSave` (the reference
 * server keeps every player's last good reading this way, for files unreadable at the first pull
 * after a restart). Reads the packed counters and entries without unpacking them onto the player.
 *
 * @example
 * const text = JSON.stringify(encodePlayerSave(player));
 * decodePlayerSave(JSON.parse(text)).stats; // the same counters
 */
export function encodePlayerSave(player: PlayerSave): EncodedPlayerSave {
  const packed = packedPartsOf(player);
  // Not `const { stats, advancements, ...fields } = player`: naming them calls the getters, which
  // unpack the counters and entries onto the player for as long as it is kept (the reference
  // server's store encodes every player after a start: hundreds of MB at 10,000 players).
  const fields: Partial<Record<keyof PlayerSave, unknown>> = {};
  for (const key of Object.keys(player) as Array<keyof PlayerSave>) {
    if (key !== 'stats' && key !== 'advancements') fields[key] = player[key];
  }
  return {
    format: 1,
    ...(fields as Omit<PlayerSave, 'stats' | 'advancements'>),
    files: { ...player.files },
    recipes: { ...player.recipes },
    stats: packed ? (packed.stats ? unpackStats(packed.stats) : null) : player.stats,
    advancements: packed ? (packed.advancements ? unpackAdvancements(packed.advancements) : null) : player.advancements,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFinite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const numberOrNull = (v: unknown): v is number | null => v === null || isFinite(v);
const stringOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';

function counters(value: unknown): StatCounters | null {
  if (value === null) return null;
  if (!isObject(value)) throw new Error('stats is not an object');
  for (const type of Object.keys(value)) {
    const keys = value[type];
    if (!isObject(keys) || !Object.values(keys).every(isFinite)) throw new Error('stats holds something other than numbers');
  }
  return value as StatCounters;
}

function entries(value: unknown): AdvancementProgress[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) throw new Error('advancements is not a list');
  for (const entry of value) {
    if (!isObject(entry) || typeof entry.id !== 'string' || typeof entry.done !== 'boolean' || !numberOrNull(entry.doneAt)) {
      throw new Error('an advancement entry is malformed');
    }
    if (!isObject(entry.criteria) || !Object.values(entry.criteria).every(isFinite)) throw new Error('an advancement entry has malformed criteria');
  }
  return value as AdvancementProgress[];
}

/**
 * The player `encodePlayerSave` encoded, from its parsed JSON. Throws an `Error` saying what is
 * wrong when the value is not such an encoding (a damaged file).
 *
 * @example
 * const player = decodePlayerSave(JSON.parse(await readFile(path, 'utf8')));
 */
export function decodePlayerSave(value: unknown): PlayerSave {
  if (!isObject(value) || value.format !== 1) throw new Error('not an encoded player');
  const v = value;
  const files = v.files;
  const recipes = v.recipes;
  if (
    typeof v.uuid !== 'string' || (v.edition !== 'java' && v.edition !== 'bedrock') || !stringOrNull(v.name) ||
    !(v.nameSource === null || v.nameSource === 'usercache' || v.nameSource === 'playerdata' || v.nameSource === 'whitelist') ||
    !numberOrNull(v.statsDataVersion) || typeof v.legacyStats !== 'boolean' || !numberOrNull(v.advancementsDataVersion) ||
    !isObject(recipes) || !isFinite(recipes.count) || !numberOrNull(recipes.earliest) ||
    !numberOrNull(v.lastOnline) || !(v.lastOnlineSource === null || v.lastOnlineSource === 'paper' || v.lastOnlineSource === 'bukkit' || v.lastOnlineSource === 'file-mtime') ||
    !numberOrNull(v.firstPlayed) || !numberOrNull(v.playerDataVersion) ||
    !isObject(files) || !stringOrNull(files.stats) || !stringOrNull(files.advancements) || !stringOrNull(files.playerdata) ||
    !numberOrNull(v.newestMtime) || !numberOrNull(v.oldestMtime)
  ) {
    throw new Error('an encoded player with malformed fields');
  }
  const stats = counters(v.stats);
  const advancements = entries(v.advancements);
  const player: PlayerSave = {
    uuid: v.uuid,
    edition: v.edition,
    name: v.name,
    nameSource: v.nameSource,
    stats: {},
    statsDataVersion: v.statsDataVersion,
    legacyStats: v.legacyStats,
    advancements: [],
    advancementsDataVersion: v.advancementsDataVersion,
    recipes: { count: recipes.count, earliest: recipes.earliest as number | null },
    lastOnline: v.lastOnline,
    lastOnlineSource: v.lastOnlineSource,
    firstPlayed: v.firstPlayed,
    playerDataVersion: v.playerDataVersion,
    files: { stats: files.stats as string | null, advancements: files.advancements as string | null, playerdata: files.playerdata as string | null },
    newestMtime: v.newestMtime,
    oldestMtime: v.oldestMtime,
  };
  return attachPacked(player, {
    stats: stats === null ? null : packStats({ stats, dataVersion: player.statsDataVersion, legacy: player.legacyStats }),
    advancements: advancements === null ? null : packAdvancements({ advancements, dataVersion: player.advancementsDataVersion, recipes: player.recipes, skipped: 0 }),
  });
}
