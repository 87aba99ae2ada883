import { pageBounds, paginate } from '../queries/page-bounds.js';
import { snapshotIndex } from '../queries/snapshot-index.js';
import { statSummary } from '../queries/stat-summary.js';
import { toPlayer } from '../queries/to-player.js';
import type { Page, PageParams, Snapshot, StatSummary } from '../snapshot/types.js';
import { perHourValue } from '../value/per-hour-value.js';
import { value, type Value } from '../value/value.js';
import { periodDates, resolvePeriod } from './period.js';
import { periodBoard, type PeriodBoardOptions } from './period-board.js';
import type { StatHistory } from './stat-history.js';
import { historiesToday } from './snapshot-gains.js';

/** One entry of a period leaderboard: a leaderboard entry of the gain, with its movement. */
export interface PeriodLeaderboardEntry extends Value {
  rank: number;
  player: ReturnType<typeof toPlayer>;
  /** Rank on the same board a day earlier (the period without its last day), or null: a newcomer. */
  previous_rank: number | null;
  /** `previous_rank - rank` (positive: moved up), or null for a newcomer. */
  rank_change: number | null;
  /** With `per: 'hour'`: hours played in the period. */
  hours_played?: number;
}

/** A period leaderboard page with what it covers. */
export interface PeriodLeaderboardPage extends Page<PeriodLeaderboardEntry> {
  stat: StatSummary;
  /** The period's name and its first and last server days (`YYYY-MM-DD`, the server's time zone). */
  period: { name: string; from: string; to: string };
  /** Only newcomers were listed. */
  newcomers: boolean;
}

/** Parameters of `periodLeaderboard`. */
export interface PeriodLeaderboardParams extends PageParams, PeriodBoardOptions {
  /** `week`, `month`, `year`, `last_week`, `last_month`, `7d`, `30d`, `2026-W47` or `2026-11`. */
  period: string;
  /** Only the players who were not on the board a day earlier. */
  newcomers?: boolean | undefined;
}

/**
 * `GET /v1/stats/{stat_id}?period=…`: a statistic's leaderboard of the gains over a period (issue
 * 41), from the stat history: same qualifying and ranking rules as the all-time board, each entry
 * with its rank a day earlier (`previous_rank`, `rank_change`). Periods end at the server day of
 * the last pull; they begin no earlier than the history (not backfilled). Returns null for an
 * unknown stat; throws a `QueryError` naming `period` for an invalid one.
 *
 * @example
 * ```ts
 * const board = periodLeaderboard(snapshot, [history], 'jump', { period: 'week', limit: 3 });
 * board?.items.map((e) => `${e.rank}. ${e.player.name} +${e.display} (${e.rank_change ?? 'new'})`);
 * ```
 */
export function periodLeaderboard(snapshot: Snapshot, histories: readonly StatHistory[], statId: string, params: PeriodLeaderboardParams): PeriodLeaderboardPage | null {
  const bounds = pageBounds(params, 50);
  const index = snapshotIndex(snapshot).byStat.get(statId);
  if (index === undefined) return null;
  const stat = snapshot.stats[index]!;
  const today = historiesToday(histories) ?? 0;
  const period = resolvePeriod(params.period, today);
  const options = { per: params.per, minHours: params.minHours };
  const board = periodBoard(snapshot, histories, statId, period.first, period.last, options);
  const before = period.last > period.first ? periodBoard(snapshot, histories, statId, period.first, period.last - 1, options) : null;
  const previous = new Map<number, number>();
  before?.players.forEach((p, i) => previous.set(p, before.ranks[i]!));
  let positions = board.players.map((_, i) => i);
  if (params.newcomers) positions = positions.filter((i) => !previous.has(board.players[i]!));
  const perHour = params.per === 'hour';
  return {
    stat: statSummary(stat),
    period: periodDates(period),
    newcomers: params.newcomers === true,
    ...paginate(positions, bounds, (i) => {
      const p = board.players[i]!;
      const rank = board.ranks[i]!;
      const was = previous.get(p) ?? null;
      return {
        ...(perHour ? perHourValue(board.values[i]!, stat.unit) : value(board.values[i]!, stat.unit)),
        rank,
        player: toPlayer(snapshot, p),
        previous_rank: was,
        rank_change: was === null ? null : was - rank,
        ...(board.hours ? { hours_played: Math.round(board.hours[i]! * 1000) / 1000 } : {}),
      };
    }),
  };
}
