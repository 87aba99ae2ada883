/**
 * The snapshot: everything the read-only API serves, computed once from a world save.
 *
 * `Snapshot` and its `Snapshot*` parts (here) are the stored form. JSON-serialisable data (each
 * statistic's values may be a `Float64Array` that `JSON.stringify` writes as an array), kept
 * compact so 50,000 players fit in memory: players are referred to by their index in
 * `snapshot.players`, times are epoch milliseconds (`*_ms`), and per-player lists are flat
 * number arrays with a documented stride. Treat it as opaque and read it through the queries.
 * The queries' output shapes are in `output-types.ts` (the API's JSON form: snake_case field
 * names, ISO 8601 UTC times, one `Player` shape, one `Value` shape) and their parameters and
 * pages in `query-types.ts`; both are re-exported here.
 */
import type { SaveWarning, Edition } from '../save/types.js';
import type { IntValueColumn } from './int-value-column.js';
import type { ValueColumn } from './value-column.js';
import type { IndexColumn } from './index-column.js';
import type { HolderTimeList, HolderTimes } from './holder-times.js';
import type { AdvancementEntries } from './advancement-row.js';
import type { StatDefinition, Unit } from '../catalogue/types.js';
import type { HidingSummary, PlayerRules } from '../hiding/player-rules.js';

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

/** Points per medal (DECISIONS 11). Published in `meta.crown_weights` and `/v1/server`. */
export interface CrownWeights {
  gold: number;
  silver: number;
  bronze: number;
}

/** Medal counts: places 1, 2, 3 over every tracked statistic (DECISIONS 10). */
export interface Medals {
  gold: number;
  silver: number;
  bronze: number;
}

/**
 * URL templates for `Player.textures` (DECISIONS 24). Placeholders:
 * `{hash}` the skin texture hash; `{uuid}` the dashless UUID; `{id}` the hash when known, else
 * the dashless UUID of a Java player, else `fallback` (Bedrock UUIDs resolve nowhere).
 */
export interface TextureTemplates {
  /** Skin texture by hash. Default `https://textures.minecraft.net/texture/{hash}`. */
  skin: string;
  /** Skin of a Java player whose hash is unknown, or null for none. Default `https://mc-heads.net/skin/{uuid}`. */
  skin_by_uuid: string | null;
  /** Head render. Default `https://mc-heads.net/avatar/{id}`: works for both editions. */
  head: string;
  /** Body render. Default `https://mc-heads.net/body/{id}`. */
  body: string;
  /** `{id}` for a Bedrock player with no known hash. Default `MHF_Steve`. */
  fallback: string;
}

/** What `/v1/server` says about the server besides counts (all optional in the configuration). */
export interface ServerConfig {
  /** Display name, e.g. `Example SMP`. Defaults to the save's level name. */
  name?: string;
  /** Short name for badges. Defaults to `name`. */
  short_name?: string;
  /** Join addresses per edition, e.g. `{ java: 'play.example.net', bedrock: 'play.example.net:19132' }`. */
  addresses?: { java?: string | null; bedrock?: string | null };
}

/**
 * Everything `buildSnapshot` takes besides the save. Only `now` is required: the clock is passed
 * in so the build stays pure (same save + same options = identical snapshot).
 */
export interface BuildSnapshotOptions {
  /** The clock: epoch milliseconds of this build. Becomes `data_updated_at`. */
  now: number;
  /** Minimum play time before a player is ranked (DECISIONS 9). Default 60. */
  minPlaytimeMinutes?: number;
  /** Days without being online before a player counts as inactive (DECISIONS 12). Default 30. */
  inactiveDays?: number;
  /** Crown score weights (DECISIONS 11). Default `{ gold: 4, silver: 2, bronze: 1 }`. */
  crownWeights?: CrownWeights;
  /** How many of the newest vanilla unlocks the feed keeps. Default 200. */
  feedSize?: number;
  /**
   * Template of `links.profile`. Placeholders `{base_url}`, `{uuid}` (dashed), `{uuid_bare}`,
   * `{name}` (URL-encoded, falls back to the UUID). Default `{base_url}/v1/players/{uuid}` (the API profile; point it at a website page if you have one).
   * `{base_url}` is filled at query time (the router knows it).
   */
  profileUrlTemplate?: string;
  /** Skin texture hash per player (from a skin cache), or null when unknown. Default: all null. */
  skins?: (uuid: string, edition: Edition) => string | null;
  /** Overrides of the texture URL templates. */
  textureTemplates?: Partial<TextureTemplates>;
  /**
   * Advancement icon URL template, or null for no icons. Placeholders `{item}` (item path, e.g.
   * `stone_pickaxe`), `{namespace}`, `{item_title}` (`Stone_Pickaxe`).
   * Default `https://minecraft.wiki/images/Invicon_{item_title}.png`.
   */
  iconUrlTemplate?: string | null;
  /** The tracked statistics. Default: the 217-stat catalogue. Tests inject a small one. */
  stats?: readonly StatDefinition[];
  /** Name and addresses for `/v1/server`. Without a name: the MOTD (codes removed), else the level name. */
  server?: ServerConfig;
  /** IANA time zone for local hours and weeks (DECISIONS 14). Default `UTC`. Published only. */
  timeZone?: string;
  /**
   * Who to leave out (see `hiddenPlayers`): a hidden player is absent from the snapshot, as if
   * never seen. Default: banned players hidden, operators shown, no list.
   */
  players?: PlayerRules;
  /**
   * The snapshot this build replaces (the one served until now): where only some players'
   * files changed since, the build patches it and shares its unchanged parts, as it does with
   * the last snapshot built in this process by default. Give it when one process builds
   * several snapshots in turn (a network's and each server's), so each patches its own
   * predecessor. The result is the same as without it.
   */
  previous?: Snapshot | null;
}

// ---------------------------------------------------------------------------------------------
// The stored snapshot (compact; read it through the queries)
// ---------------------------------------------------------------------------------------------

/** The resolved configuration a snapshot was built with. */
export interface SnapshotConfig {
  min_playtime_minutes: number;
  inactive_days: number;
  crown_weights: CrownWeights;
  feed_size: number;
  profile_url_template: string;
  texture_templates: TextureTemplates;
  icon_url_template: string | null;
  time_zone: string;
}

/** One player. Index in `snapshot.players` is the player's id everywhere else in the snapshot. */
export interface SnapshotPlayer {
  uuid: string;
  name: string | null;
  edition: Edition;
  /** Skin texture hash, or null. */
  skin: string | null;
  /** Play time in ticks (play_time + play_one_minute, DECISIONS 2). */
  play_time: number;
  ranked: boolean;
  last_online_ms: number | null;
  first_seen_ms: number | null;
  first_seen_estimated: boolean;
  /** Completed vanilla advancements. */
  advancements_earned: number;
  /** Recipe unlocks held (recipes are counted, not listed). */
  recipes: number;
  /** `[gold, silver, bronze]`. */
  medals: [number, number, number];
  crown_score: number;
  /** Competition rank in the hall of fame, or null without a medal. */
  hall_of_fame_rank: number | null;
  /** Up to ten best ranks, best first, flat pairs: `[statIndex, rank, statIndex, rank, …]`. */
  top_ranks: number[];
  /**
   * Held advancements (vanilla and datapack, no recipes), completed ones newest first, then
   * unfinished ones by latest progress. Each entry: advancement index, done, `at_ms` (the
   * completion time, or the latest criterion time when unfinished, -1 when unknown), obtained and
   * required (the number of requirement groups, -1 when unknown, for datapack advancements).
   * Built as a compact `AdvancementRow` (8 bytes an entry), read back from a snapshot file (and
   * written to it) as flat stride-5 numbers `[advancementIndex, done (1|0), at_ms, obtained,
   * required]`: read either through `entryCount` and `entryAdvancement`, `entryDone`, `entryTime`,
   * `entryObtained`, `entryRequired`.
   */
  advancements: AdvancementEntries;
}

/**
 * Stride of `SnapshotPlayer.advancements` in its flat form (a snapshot file's).
 *
 * @example
 * const row = snapshot.players[0].advancements;
 * for (let i = 0; i < entryCount(row); i++) console.log(snapshot.advancements[entryAdvancement(row, i)].id, entryDone(row, i));
 */
export const PLAYER_ADVANCEMENT_STRIDE = 5;

/** One tracked statistic with its leaderboard. */
export interface SnapshotStat {
  id: string;
  title: string;
  description: string | null;
  unit: Unit;
  category: string;
  /**
   * Value per player index (0 when the player has none); unranked players keep their values. A
   * built snapshot has an {@link IntValueColumn} (an `Int32Array`) where every value fits one,
   * else, up to 16,384 players, a {@link ValueColumn} (a `Float64Array`), both written to JSON as
   * arrays; a larger one, or one read back from JSON, a plain array: read it by index.
   */
  values: IntValueColumn | ValueColumn | number[];
  /**
   * Leaderboard: indexes of ranked players with a value above 0, best first (DECISIONS 9-10).
   * Built as an {@link IndexColumn} (an `Int32Array` written to JSON as an array); a plain array
   * in a snapshot read back from JSON.
   */
  board: IndexColumn | number[];
  /** Competition rank of each `board` position (1, 1, 3); an {@link IndexColumn} as `board`. */
  ranks: IndexColumn | number[];
  /** Sum over ranked players (DECISIONS 13). */
  total: number;
  /**
   * Not stored: a reader holding only part of the board (the Worker example's split snapshot)
   * gives the ranks it knows here, the rank `statRank` would find (null when none), or undefined
   * for a player it does not know, whom `statRank` then looks up on the board.
   */
  rank_of?: (player: number) => number | null | undefined;
}

/** One advancement: every vanilla advancement of the save's game versions plus any held. */
export interface SnapshotAdvancement {
  /** Namespaced id, `minecraft:story/mine_stone`. */
  id: string;
  title: string;
  description: string | null;
  /** Tab for vanilla; the namespace for a datapack advancement. */
  category: string;
  source: 'vanilla' | 'datapack';
  frame: 'task' | 'goal' | 'challenge' | null;
  hidden: boolean;
  /** Item id of the icon, or null. */
  icon_item: string | null;
  icon: string | null;
  wiki: string | null;
  /** Requirement groups of the definition, or -1 when unknown (datapack). */
  required: number;
  /**
   * Indexes of players who completed it, in earn order (first on the server first). Built as an
   * {@link IndexColumn} (an `Int32Array` written to JSON as an array: 4 bytes a holder); a plain
   * array in a snapshot read back from JSON.
   */
  holders: IndexColumn | number[];
  /**
   * Completion time (epoch ms) of each holder; -1 when the file gave none. Built as
   * {@link HolderTimes} (32-bit seconds, written to JSON as the ms): read it through `holderTime`.
   * A plain array in a snapshot read back from JSON.
   */
  holder_at: HolderTimeList;
}

/**
 * Stride of `SnapshotFeed.events`.
 *
 * @example
 * const events = snapshot.feed.events;
 * for (let o = 0; o < events.length; o += FEED_EVENT_STRIDE) console.log(snapshot.players[events[o]].name, new Date(events[o + 2]));
 */
export const FEED_EVENT_STRIDE = 3;

/** The newest vanilla unlocks on the server. */
export interface SnapshotFeed {
  /** Flat triples `[playerIndex, advancementIndex, at_ms]`, newest first, at most `feed_size`. */
  events: number[];
}

/** `/v1/server` counts and facts that do not depend on the request. */
export interface SnapshotServer {
  name: string;
  short_name: string;
  addresses: { java: string | null; bedrock: string | null };
  level_name: string;
  /** Distinct DataVersions of the player files, ascending. */
  data_versions: number[];
  /** Players with an advancements file: the denominator of rarity. */
  scanned_players: number;
  /** The hiding rules in force, as counts (absent from snapshots stored before there were any). */
  hiding?: HidingSummary;
}

/** Everything the API serves, computed from one world save. JSON-serialisable. */
export interface Snapshot {
  /** Layout version of this object. */
  format: 1;
  /** Stable hash of the content: identical input gives an identical generation (the ETag key). */
  generation: string;
  /** ISO 8601 UTC time of the build (`options.now`). SPEC meta.data_updated_at. */
  data_updated_at: string;
  config: SnapshotConfig;
  server: SnapshotServer;
  /** Sorted by uuid. */
  players: SnapshotPlayer[];
  /** In catalogue order. */
  stats: SnapshotStat[];
  /** Vanilla first (catalogue order), then datapack, each sorted by id. */
  advancements: SnapshotAdvancement[];
  feed: SnapshotFeed;
  /** Player indexes with at least one medal, in hall-of-fame order (DECISIONS 11). */
  hall_of_fame: number[];
  /** Files the reader skipped or only partly read, plus problems found while building. */
  warnings: SaveWarning[];
}

export type * from './output-types.js';
export type * from './query-types.js';
