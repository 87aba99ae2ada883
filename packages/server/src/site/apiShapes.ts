/**
 * The shapes of the API answers the router builds itself (the core's own shapes are imported
 * from `@blockstats/core`). Pages read these fields of the JSON, nothing else.
 */
import type { ActivityTotals, Player, Value } from '@blockstats/core';

/** One standing of a weekly event (`/v1/events`). */
export interface EventStandingData extends Value {
  rank: number;
  player: Player;
}

/** A weekly event (`/v1/events`, `/v1/events/{event_id}`). */
export interface EventData {
  id: string;
  title: string;
  week: number;
  stat: { id: string; title: string; unit: string };
  state: 'running' | 'finished';
  active: boolean;
  starts_at: string;
  ends_at: string;
  leader: EventStandingData | null;
  participants: number;
  standings: EventStandingData[];
}

/** One row of `/v1/activity/players`. */
export interface ActivePlayerData {
  rank: number;
  player: Player;
  minutes: number;
  hours: number;
  sessions: number;
  deaths: number;
}

/** `/v1/players/{player}/activity` data. */
export interface PlayerActivityData {
  player: Player;
  active: boolean;
  last_7_days: ActivityTotals;
  last_30_days: ActivityTotals;
  all_time: ActivityTotals;
  rank_this_week: number | null;
  week_starts_at: string;
}
