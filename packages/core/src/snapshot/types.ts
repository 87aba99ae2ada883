/**
 * The snapshot: everything the read-only API serves, computed once from a world save, and the
 * output shapes of every query over it.
 *
 * Two layers live here:
 * - `Snapshot` and its `Snapshot*` parts are the stored form. Plain JSON-serialisable data, kept
 *   compact so 50,000 players fit in memory: players are referred to by their index in
 *   `snapshot.players`, times are epoch milliseconds (`*_ms`), and per-player lists are flat
 *   number arrays with a documented stride. Treat it as opaque and read it through the queries.
 * - Every other type is an output shape, already in the API's JSON form (SPEC.md): snake_case
 *   field names, times as ISO 8601 UTC strings, players as one `Player` shape, values as one
 *   `Value` shape. The router puts them in the envelope unchanged.
 */
import type { SaveWarning, Edition } from '../save/types.js';
import type { StatDefinition, Unit } from '../catalogue/types.js';
import type { HidingSummary, PlayerRules } from '../hiding/player-rules.js';
import type { Value } from '../value/value.js';

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
  /** Name and addresses for `/v1/server`. */
  server?: ServerConfig;
  /** IANA time zone for local hours and weeks (DECISIONS 14). Default `UTC`. Published only. */
  timeZone?: string;
  /**
   * Who to leave out (see `hiddenPlayers`): a hidden player is absent from the snapshot, as if
   * never seen. Default: banned players hidden, operators shown, no list.
   */
  players?: PlayerRules;
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
   * unfinished ones by latest progress. Flat, stride 5:
   * `[advancementIndex, done (1|0), at_ms, obtained, required]` where `at_ms` is the completion
   * time (or the latest criterion time when unfinished, -1 when unknown) and `required` is the
   * number of requirement groups (-1 when unknown, for datapack advancements).
   */
  advancements: number[];
}

/**
 * Stride of `SnapshotPlayer.advancements`.
 *
 * @example
 * const flat = snapshot.players[0].advancements;
 * for (let o = 0; o < flat.length; o += PLAYER_ADVANCEMENT_STRIDE) console.log(snapshot.advancements[flat[o]].id, flat[o + 1] === 1);
 */
export const PLAYER_ADVANCEMENT_STRIDE = 5;

/** One tracked statistic with its leaderboard. */
export interface SnapshotStat {
  id: string;
  title: string;
  description: string | null;
  unit: Unit;
  category: string;
  /** Value per player index (0 when the player has none); unranked players keep their values. */
  values: number[];
  /** Leaderboard: indexes of ranked players with a value above 0, best first (DECISIONS 9-10). */
  board: number[];
  /** Competition rank of each `board` position (1, 1, 3). */
  ranks: number[];
  /** Sum over ranked players (DECISIONS 13). */
  total: number;
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
  /** Indexes of players who completed it, in earn order (first on the server first). */
  holders: number[];
  /** Completion time (epoch ms) of each holder; -1 when the file gave none. */
  holder_at: number[];
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

// ---------------------------------------------------------------------------------------------
// Output shapes (API JSON form)
// ---------------------------------------------------------------------------------------------

/** SPEC Player.textures. `head` always works, for both editions. */
export interface Textures {
  skin: string | null;
  head: string | null;
  body: string | null;
}

/** SPEC Player: the one shape in which a player appears in every output. */
export interface Player {
  /** Dashed lowercase UUID. */
  uuid: string;
  name: string | null;
  edition: Edition;
  ranked: boolean;
  last_online: string | null;
  /** Skin texture hash, or null. */
  skin: string | null;
  textures: Textures;
}

/** A statistic without its numbers. */
export interface StatSummary {
  id: string;
  title: string;
  description: string | null;
  unit: Unit;
  category: string;
}

/** SPEC Stat (catalogue entry). */
export interface Stat extends StatSummary {
  /** Absolute URL of `/v1/stats/{id}`. */
  leaderboard: string;
  /** The leader's value (holder not shown), or null when nobody qualifies. */
  record: Value | null;
}

/** SPEC Leaderboard entry: Value fields plus rank and player. */
export interface LeaderboardEntry extends Value {
  rank: number;
  player: Player;
}

/** One of a player's best placings (profile `top_ranks`, random player `best_rank`). */
export interface TopRank extends Value {
  /** Stat id. */
  id: string;
  title: string;
  rank: number;
}

/** A statistic summed over ranked players (DECISIONS 13). */
export interface TotalsEntry extends StatSummary {
  /** Sum over ranked players. */
  total: Value;
  /** `total` divided by the number of ranked players (0 when none). */
  average: Value;
  /** Ranked players with a value above 0. */
  players: number;
}

/** An advancement as it appears inside other entries (feed, player lists, milestones). */
export interface AdvancementSummary {
  id: string;
  title: string;
  category: string;
  source: 'vanilla' | 'datapack';
  frame: 'task' | 'goal' | 'challenge' | null;
  icon: string | null;
  completed_by: number;
  /** Fraction 0..1 of scanned players holding it. */
  rarity: number;
  rarity_percent: number;
}

/** SPEC Advancement. */
export interface Advancement extends AdvancementSummary {
  description: string | null;
  hidden: boolean;
  /** Minecraft Wiki page; null for datapack advancements. */
  wiki: string | null;
  first_by: Player | null;
  first_completed_at: string | null;
}

/** Holder entry: who completed an advancement and when. */
export interface HolderEntry {
  /** 1 = first on the server, whatever the order of the page. */
  position: number;
  player: Player;
  completed_at: string | null;
}

/** SPEC Player profile. */
export interface PlayerProfile extends Player {
  links: { profile: string };
  crown_score: number;
  hall_of_fame_rank: number | null;
  medals: Medals;
  top_ranks: TopRank[];
  /** Oldest advancement timestamp (DECISIONS 8); null when no evidence exists at all. */
  first_seen: string | null;
  first_seen_estimated: boolean;
  /** Whole days from first_seen to the snapshot time, or null without first_seen. */
  days_on_server: number | null;
  /** Completed vanilla advancements. */
  advancements_earned: number;
  /** Vanilla advancements available on this server (the denominator of advancements_earned). */
  advancements_available: number;
  /** Play time (play_time stat), ticks. */
  play_time: Value;
}

/** SPEC Player stats entry. */
export interface PlayerStatEntry extends Value {
  id: string;
  title: string;
  /** Null when the player has not qualified for that leaderboard (unranked, or value 0). */
  rank: number | null;
}

/** `/v1/players/{player}/stats` data. */
export interface PlayerStats {
  player: Player;
  stats: PlayerStatEntry[];
}

/** Criteria progress of an unfinished advancement. */
export interface AdvancementProgressOutput {
  /** Requirement groups met (criteria obtained, for datapack advancements). */
  obtained: number;
  /** Requirement groups needed, or null when unknown (datapack). */
  required: number | null;
  /** Latest criterion time. */
  updated_at: string | null;
}

/** One entry of a player's advancements. */
export interface PlayerAdvancementEntry {
  advancement: AdvancementSummary;
  done: boolean;
  completed_at: string | null;
  /** Null when done. */
  progress: AdvancementProgressOutput | null;
}

/** `/v1/players/{player}/advancements` result. */
export interface PlayerAdvancements {
  player: Player;
  /** Newest completion first; unfinished ones (when asked for) after them, latest progress first. */
  items: PlayerAdvancementEntry[];
  /** Matching entries (pagination total). */
  total: number;
  /** Completed vanilla advancements (SPEC meta.completed). */
  completed: number;
  /** Vanilla advancements available on the server (SPEC meta.total). */
  available: number;
  /** Recipe unlocks held; recipes are counted, not listed. */
  recipes: number;
}

/** One of the 22 milestone beats (DECISIONS 17). */
export interface MilestoneBeat {
  advancement: AdvancementSummary;
  reached: boolean;
  completed_at: string | null;
  /** Whole days from first_seen to completion; null when not reached or first_seen unknown. */
  days_after_first_seen: number | null;
}

/** An advancement with the time this player completed it. */
export interface EarnedAdvancement {
  advancement: AdvancementSummary;
  completed_at: string | null;
}

/** `/v1/players/{player}/milestones` data. */
export interface Milestones {
  player: Player;
  first_seen: string | null;
  first_seen_estimated: boolean;
  beats: MilestoneBeat[];
  /** Rarest vanilla advancement held (fewest holders; earliest earned on a tie). */
  rarest: EarnedAdvancement | null;
  /** Vanilla advancements this player was first on the server to complete, oldest first. */
  first_on_server: EarnedAdvancement[];
}

/** Hall-of-fame entry. */
export interface HallOfFameEntry {
  /** Competition rank by (crown score, gold, silver, bronze); players listed by name inside a tie. */
  rank: number;
  player: Player;
  crown_score: number;
  medals: Medals;
}

/** Feed entry: one vanilla unlock. */
export interface FeedEntry {
  player: Player;
  advancement: AdvancementSummary;
  completed_at: string;
  /** This player was the first on the server to complete it. */
  first_on_server: boolean;
}

/** One player's side of a compared statistic. */
export interface ComparisonValue extends Value {
  rank: number | null;
}

/** One compared statistic. */
export interface ComparisonStat extends StatSummary {
  /** Keyed by player UUID. */
  players: Record<string, ComparisonValue>;
  /** UUID of the larger value, or null on a tie. */
  winner: string | null;
}

/** `/v1/compare` data. */
export interface Comparison {
  /** The two players, in the order asked. */
  players: [Player, Player];
  stats: ComparisonStat[];
  tally: {
    /** Stats won, keyed by UUID. */
    wins: Record<string, number>;
    ties: number;
    /** UUID of the player with more wins, or null when level. */
    winner: string | null;
  };
}

/** `/v1/random/player` data. */
export interface RandomPlayer {
  player: Player;
  /** Null when the player holds no leaderboard place. */
  best_rank: TopRank | null;
}

/** `/v1/random/stat` data. */
export interface RandomStat {
  stat: Stat;
  /** The first three leaderboard entries. */
  top: LeaderboardEntry[];
}

/** Per-edition counts. */
export interface EditionCounts {
  total: number;
  java: number;
  bedrock: number;
}

/** `/v1/server` data. */
export interface ServerInfo {
  name: string;
  short_name: string;
  addresses: { java: string | null; bedrock: string | null };
  level_name: string;
  players: EditionCounts & {
    ranked: EditionCounts;
    /** Online within `ranking.inactive_days` of the snapshot. */
    active: EditionCounts;
  };
  ranking: {
    min_playtime_minutes: number;
    inactive_days: number;
    crown_weights: CrownWeights;
  };
  /** Tracked statistics. */
  stats: number;
  advancements: { vanilla: number; datapack: number; scanned_players: number };
  data_versions: number[];
  /** Who is left out of everything served, as counts only: never who. */
  hiding: HidingSummary;
  time_zone: string;
  data_updated_at: string;
}

// ---------------------------------------------------------------------------------------------
// Query parameters and results
// ---------------------------------------------------------------------------------------------

/** A page of a collection: `items` plus `total`, the count of all matching records. */
export interface Page<T> {
  items: T[];
  total: number;
}

/** `limit` and `offset` (SPEC common parameters). The core does not clamp: the router does. */
export interface PageParams {
  limit?: number;
  offset?: number;
}

export interface ListStatsParams extends PageParams {
  /** Case-insensitive substring of id, title or description. */
  search?: string;
  /** Base URL for the absolute `leaderboard` link, e.g. `https://stats.example.net`. */
  baseUrl?: string;
}

export interface TotalsParams extends PageParams {
  /** Case-insensitive substring of id or title. */
  search?: string;
}

export type AdvancementSort = 'rarity' | 'title' | 'category' | 'first';

export interface ListAdvancementsParams extends PageParams {
  /** Case-insensitive substring of id or title. */
  search?: string;
  category?: string;
  /** Default `rarity` (rarest first). */
  sort?: AdvancementSort;
  /** `datapack` or `all` add datapack advancements (excluded by default). */
  include?: 'datapack' | 'all';
}

/** Advancement list plus the live category list (SPEC meta.categories). */
export interface AdvancementPage extends Page<Advancement> {
  categories: string[];
}

export interface HoldersParams extends PageParams {
  /** `first` (default, earliest first) or `latest`. */
  order?: 'first' | 'latest';
}

export interface HoldersPage extends Page<HolderEntry> {
  advancement: Advancement;
}

export type PlayerSort = 'last_online' | 'name';

export interface ListPlayersParams extends PageParams {
  /** Case-insensitive substring of the name. */
  search?: string;
  edition?: Edition;
  ranked?: boolean;
  /** Default `last_online` (most recent first). */
  sort?: PlayerSort;
}

export interface LeaderboardPage extends Page<LeaderboardEntry> {
  /** The stat (SPEC meta.stat: title and unit); `total` is its qualifying player count. */
  stat: StatSummary;
}

export interface ProfileParams {
  /** Base URL substituted for `{base_url}` in the profile link template. */
  baseUrl?: string;
}

export interface PlayerStatsParams {
  /** Restrict to these stat ids (unknown ones throw a QueryError naming `ids`). */
  ids?: readonly string[];
}

export interface PlayerAdvancementsParams extends PageParams {
  /** Default true: only completed ones. False also lists unfinished ones with progress. */
  completed?: boolean;
  /** Add datapack advancements (excluded by default, like `/v1/advancements`). */
  includeDatapack?: boolean;
}

export interface HallOfFamePage extends Page<HallOfFameEntry> {
  crown_weights: CrownWeights;
}

export interface FeedParams extends PageParams {
  /** Player identifier (name, dashed or bare UUID). Unknown → QueryError not_found `player`. */
  player?: string;
  category?: string;
  /** Epoch milliseconds; unlocks at or after it. */
  since?: number;
}

export interface FeedPage extends Page<FeedEntry> {
  /** Events in the rolling tail (SPEC meta.feed_window). */
  feed_window: number;
  /** Time of the oldest event in the tail (SPEC meta.oldest_in_feed). */
  oldest_in_feed: string | null;
}

export interface CompareParams {
  /** Restrict to these stat ids (unknown ones throw a QueryError naming `ids`). */
  ids?: readonly string[];
}

/** Injected randomness: returns a number in [0, 1), like `Math.random`. */
export type Random = () => number;
