/**
 * The contract between the world-save reader and everything that computes from it.
 *
 * Plain, JSON-serialisable data: times are epoch milliseconds (UTC), UUIDs are dashed lowercase,
 * statistic and advancement ids are namespaced (`minecraft:jump`, `minecraft:story/root`).
 */

/** The client edition a player joins with. Bedrock players come through Floodgate. */
export type Edition = 'java' | 'bedrock';

/** A file that could not be read (or was only partly usable). The rest of the save still loads. */
export interface SaveWarning {
  /** Path relative to the server root, with forward slashes. */
  file: string;
  /** Human-readable reason, e.g. `invalid JSON at position 120`. */
  reason: string;
  /**
   * True when nothing of the file could be used (unreadable, vanished, refused for its size or
   * type, not such a file); absent when it was only partly usable.
   */
  unreadable?: true;
}

/**
 * A player's raw statistics counters, normalised to today's ids:
 * `stats['minecraft:custom']['minecraft:jump']`, `stats['minecraft:mined']['minecraft:stone']`.
 * Ids the game renamed since the file's `DataVersion` carry their current name (a 1.15
 * `minecraft:zombie_pigman` is `minecraft:zombified_piglin`, a 1.16 `minecraft:play_one_minute`
 * is `minecraft:play_time`), as the game's own upgrade would name them. Pre-1.13 flat keys are
 * mapped where they map one-to-one; anything else is dropped. Absent means 0. The stat catalogue
 * says which raw keys make up each tracked statistic.
 */
export type StatCounters = Record<string, Record<string, number>>;

/** One non-recipe advancement entry of a player's `advancements/<uuid>.json`. */
export interface AdvancementProgress {
  /** Namespaced id as on disk, e.g. `minecraft:story/mine_stone` or `incendium:root`. */
  id: string;
  /** The file's `done` flag (defaults to true when missing, as the game does). */
  done: boolean;
  /** Obtained criteria: criterion name to the time it was obtained (epoch ms, offset applied). */
  criteria: Record<string, number>;
  /** When it was completed: the latest criterion time, for done entries; otherwise null. */
  doneAt: number | null;
}

/** Recipe unlocks are summarised, not kept: a save can hold ~1,600 per player. */
export interface RecipeSummary {
  count: number;
  /** Oldest recipe criterion time (epoch ms), or null with no recipes. */
  earliest: number | null;
}

/** Everything the save says about one player. */
export interface PlayerSave {
  uuid: string;
  edition: Edition;
  /** Last known in-game name, or null when no file names the player. */
  name: string | null;
  /** Which file the name came from. */
  nameSource: 'usercache' | 'playerdata' | 'whitelist' | null;
  /** Normalised counters; empty when the player has no stats file. */
  stats: StatCounters;
  /** `DataVersion` of the stats file; null for pre-1.13 files or none. */
  statsDataVersion: number | null;
  /** True when the stats file is in the pre-1.13 flat `stat.*` format. */
  legacyStats: boolean;
  /** Non-recipe advancement entries, in file order; empty without an advancements file. */
  advancements: AdvancementProgress[];
  /** `DataVersion` of the advancements file, or null. */
  advancementsDataVersion: number | null;
  recipes: RecipeSummary;
  /** Last time the player was online (epoch ms): Paper `LastSeen`, Bukkit `lastPlayed`, or file time. */
  lastOnline: number | null;
  lastOnlineSource: 'paper' | 'bukkit' | 'file-mtime' | null;
  /** Bukkit `firstPlayed` (epoch ms) when the player data has it. */
  firstPlayed: number | null;
  /** `DataVersion` of the player's `.dat`, or null. */
  playerDataVersion: number | null;
  /** Which files exist for this player, relative to the server root. */
  files: {
    stats: string | null;
    advancements: string | null;
    playerdata: string | null;
  };
  /** Newest modification time (epoch ms) among the player's files. */
  newestMtime: number | null;
  /** Oldest modification time (epoch ms) among the player's files. */
  oldestMtime: number | null;
}

/** A mod jar found in the server's `mods/` folder. */
export interface ModJar {
  /** File name, e.g. `sodium-fabric-0.5.8.jar`. */
  file: string;
  size: number;
  /** Hex SHA-1 and SHA-512 of the file: what Modrinth's version-files lookup takes. */
  sha1: string;
  sha512: string;
}

/**
 * One entry of the server's `banned-players.json` or `ops.json`. Moderation data: it decides who
 * is hidden (see `hiddenPlayers`) and is never published.
 */
export interface PlayerListEntry {
  /** Dashed lowercase. */
  uuid: string;
  /** The name the server wrote beside the UUID, or null. */
  name: string | null;
  /**
   * When a ban ends (epoch ms); null for `forever`, a date that cannot be read (the ban stands)
   * and every `ops.json` entry.
   */
  expires: number | null;
}

/** A whole server directory, read. */
export interface SaveData {
  /** Absolute path of the server root (the folder given, or the world's parent for a bare world). */
  root: string;
  /** Absolute path of the world folder. */
  world: string;
  /** `level-name` from server.properties, or the world folder's name. */
  levelName: string;
  /** Parsed `server.properties` (empty when absent). */
  serverProperties: Record<string, string>;
  /** Floodgate's `username-prefix` when Floodgate's config is present, else null. */
  floodgatePrefix: string | null;
  /**
   * `banned-players.json` at the server root, sorted by uuid; empty without one. Always set by
   * `readSave`; optional for saves put together by hand.
   */
  bannedPlayers?: PlayerListEntry[];
  /** `ops.json` at the server root, sorted by uuid; empty without one. Set like `bannedPlayers`. */
  operators?: PlayerListEntry[];
  /** Every player with any file in stats/, advancements/ or playerdata/, sorted by uuid. */
  players: PlayerSave[];
  /** Distinct DataVersions found in the world's player files, ascending. */
  dataVersions: number[];
  /** Mod jars in `mods/`, sorted by file name; empty when there is no such folder. */
  mods: ModJar[];
  /** Files that were skipped or only partly read. */
  warnings: SaveWarning[];
}
