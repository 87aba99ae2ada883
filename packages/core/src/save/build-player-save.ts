import { isBedrockUuid } from './is-bedrock-uuid.js';
import { attachPacked, type PackedAdvancements, type PackedStats } from './packed.js';
import type { PlayerDataSummary } from './parse-player-data-file.js';
import type { RootFiles } from './read-root-files.js';
import type { PlayerSave } from './types.js';

/** One of a player's files: where it is, when it was modified, and its summary if it parsed. */
export interface PlayerFilePart<T> {
  /** Relative to the server root, `/`-separated; null when the player has no such file. */
  file: string | null;
  /** Modification time (epoch ms, fractional), or null. */
  mtimeMs: number | null;
  /** The parsed summary, or null when the file is absent or unusable. */
  summary: T | null;
}

function maxOf(values: Array<number | null>): number | null {
  let max: number | null = null;
  for (const value of values) if (value !== null && (max === null || value > max)) max = value;
  return max;
}

function minOf(values: Array<number | null>): number | null {
  let min: number | null = null;
  for (const value of values) if (value !== null && (min === null || value < min)) min = value;
  return min;
}

const floor = (value: number | null): number | null => (value === null ? null : Math.floor(value));

/**
 * Puts together what a player's three files and the server root say about them: edition from
 * the UUID (DECISIONS 6), the name (usercache, which the server keeps current, then Bukkit's
 * `lastKnownName`, then the whitelist), and last-online (DECISIONS 7: Paper `LastSeen`, Bukkit
 * `lastPlayed`, else the newest stats/playerdata modification time).
 */
export function buildPlayerSave(
  uuid: string,
  parts: {
    stats: PlayerFilePart<PackedStats>;
    advancements: PlayerFilePart<PackedAdvancements>;
    playerdata: PlayerFilePart<PlayerDataSummary>;
  },
  root: Pick<RootFiles, 'usercache' | 'whitelist'>,
): PlayerSave {
  const stats = parts.stats.summary;
  const advancements = parts.advancements.summary;
  const playerData = parts.playerdata.summary;

  const cached = root.usercache.get(uuid);
  const known = playerData?.lastKnownName ?? null;
  const listed = root.whitelist.get(uuid);
  const [name, nameSource] = cached
    ? [cached.name, 'usercache' as const]
    : known !== null
      ? [known, 'playerdata' as const]
      : listed
        ? [listed.name, 'whitelist' as const]
        : [null, null];

  // The advancement file is rewritten together with the stats file; it only stands in when the
  // player has neither of the files DECISIONS 7 names.
  const activity = maxOf([parts.stats.mtimeMs, parts.playerdata.mtimeMs]) ?? parts.advancements.mtimeMs;
  const [lastOnline, lastOnlineSource] =
    playerData?.paperLastSeen != null
      ? [playerData.paperLastSeen, 'paper' as const]
      : playerData?.bukkitLastPlayed != null
        ? [playerData.bukkitLastPlayed, 'bukkit' as const]
        : activity !== null
          ? [Math.floor(activity), 'file-mtime' as const]
          : [null, null];
  const mtimes = [parts.stats.mtimeMs, parts.advancements.mtimeMs, parts.playerdata.mtimeMs];

  // `stats` and `advancements` unpack from the packed summaries on first use (see packed.ts).
  const player = {
    uuid,
    edition: isBedrockUuid(uuid) ? ('bedrock' as const) : ('java' as const),
    name,
    nameSource,
    stats: {}, // placeholders keep the key order; attachPacked turns them into accessors
    statsDataVersion: stats?.dataVersion ?? null,
    legacyStats: stats?.legacy ?? false,
    advancements: [],
    advancementsDataVersion: advancements?.dataVersion ?? null,
    recipes: advancements?.recipes ?? { count: 0, earliest: null },
    lastOnline,
    lastOnlineSource,
    firstPlayed: playerData?.bukkitFirstPlayed ?? null,
    playerDataVersion: playerData?.dataVersion ?? null,
    files: { stats: parts.stats.file, advancements: parts.advancements.file, playerdata: parts.playerdata.file },
    newestMtime: floor(maxOf(mtimes)),
    oldestMtime: floor(minOf(mtimes)),
  };
  return attachPacked(player, { stats, advancements });
}
