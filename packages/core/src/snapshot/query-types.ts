/** Parameters and pages of the queries over a snapshot. */
import type { Edition } from '../save/types.js';
import type { CrownWeights } from './types.js';
import type { Advancement, FeedEntry, HallOfFameEntry, HolderEntry, LeaderboardEntry, StatSummary } from './output-types.js';

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
