/**
 * The output shapes of the queries, already in the API's JSON form (SPEC.md): snake_case field
 * names, times as ISO 8601 UTC strings, players as one `Player` shape, values as one `Value`
 * shape. The router puts them in the envelope unchanged.
 */
import type { Edition } from '../save/types.js';
import type { Unit } from '../catalogue/types.js';
import type { HidingSummary } from '../hiding/player-rules.js';
import type { Value } from '../value/value.js';
import type { CrownWeights, Medals } from './types.js';

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
