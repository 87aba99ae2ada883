import { attachPacked, packAdvancements, packedPartsOf, packStats, type PackedAdvancements, type PackedStats } from './packed.js';
import type { PlayerFileKind } from './parse-player-file.js';
import type { PlayerSave } from './types.js';

function statsOf(player: PlayerSave): PackedStats | null {
  const packed = packedPartsOf(player);
  if (packed !== undefined) return packed.stats;
  if (player.statsDataVersion === null && !player.legacyStats && Object.keys(player.stats).length === 0) return null;
  return packStats({ stats: player.stats, dataVersion: player.statsDataVersion, legacy: player.legacyStats });
}

function advancementsOf(player: PlayerSave): PackedAdvancements | null {
  const packed = packedPartsOf(player);
  if (packed !== undefined) return packed.advancements;
  if (player.advancementsDataVersion === null && player.advancements.length === 0 && player.recipes.count === 0) return null;
  return packAdvancements({ advancements: player.advancements, dataVersion: player.advancementsDataVersion, recipes: player.recipes, skipped: 0 });
}

/**
 * A player as read now, with the fields that `parts` (files missing or unreadable at this read)
 * gave at an earlier good read put back: stats (counters, DataVersion), advancements (entries,
 * DataVersion, recipes) or player data (DataVersion, first played, Paper/Bukkit last online, and
 * the name when nothing else names the player). Everything else is as read now. Counters and
 * advancements stay packed (nothing is unpacked to copy them).
 *
 * @example
 * // The stats file was cut short by a copy at this read: keep the counters of the last good one.
 * const player = restorePlayerParts(now, lastGood, ['stats']);
 */
export function restorePlayerParts(now: PlayerSave, good: PlayerSave, parts: readonly PlayerFileKind[]): PlayerSave {
  const has = (part: PlayerFileKind) => parts.includes(part);
  const stats = has('stats') ? statsOf(good) : statsOf(now);
  const advancements = has('advancements') ? advancementsOf(good) : advancementsOf(now);
  const timeFromFiles = now.lastOnlineSource === 'file-mtime' || now.lastOnlineSource === null;
  const keepOnline = has('playerdata') && timeFromFiles && (good.lastOnlineSource === 'paper' || good.lastOnlineSource === 'bukkit');
  const keepName = has('playerdata') && now.name === null && good.name !== null;
  const player: PlayerSave = {
    uuid: now.uuid,
    edition: now.edition,
    name: keepName ? good.name : now.name,
    nameSource: keepName ? good.nameSource : now.nameSource,
    stats: {},
    statsDataVersion: has('stats') ? good.statsDataVersion : now.statsDataVersion,
    legacyStats: has('stats') ? good.legacyStats : now.legacyStats,
    advancements: [],
    advancementsDataVersion: has('advancements') ? good.advancementsDataVersion : now.advancementsDataVersion,
    recipes: has('advancements') ? good.recipes : now.recipes,
    lastOnline: keepOnline ? Math.max(now.lastOnline ?? 0, good.lastOnline ?? 0) : now.lastOnline,
    lastOnlineSource: keepOnline ? good.lastOnlineSource : now.lastOnlineSource,
    firstPlayed: has('playerdata') ? good.firstPlayed : now.firstPlayed,
    playerDataVersion: has('playerdata') ? good.playerDataVersion : now.playerDataVersion,
    files: {
      stats: has('stats') ? (now.files.stats ?? good.files.stats) : now.files.stats,
      advancements: has('advancements') ? (now.files.advancements ?? good.files.advancements) : now.files.advancements,
      playerdata: has('playerdata') ? (now.files.playerdata ?? good.files.playerdata) : now.files.playerdata,
    },
    newestMtime: now.newestMtime,
    oldestMtime: now.oldestMtime,
  };
  return attachPacked(player, { stats, advancements });
}
