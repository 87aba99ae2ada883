import { pageBounds, paginate } from '../queries/page-bounds.js';
import { toPlayer } from '../queries/to-player.js';
import type { HallOfFamePage, PageParams, Snapshot } from '../snapshot/types.js';
import { periodDates, resolvePeriod } from './period.js';
import { periodPlacings } from './period-placings.js';
import { historiesToday } from './snapshot-gains.js';
import type { StatHistory } from './stat-history.js';

/**
 * `GET /v1/hall-of-fame?period=…`: the hall of fame of a period (issue 41). Medals are the
 * places 1-3 of every statistic's board of gains over the period, and the order is the
 * all-time one: crown score, then gold, silver, bronze, then name; players equal on all four
 * share a rank. Throws a `QueryError` naming `period` for an invalid one.
 *
 * @example
 * ```ts
 * const week = periodHallOfFame(snapshot, [history], { period: 'week', limit: 3 });
 * week.items.map((e) => `${e.rank}. ${e.player.name} ${e.crown_score}`); // ['1. Alex 12', …]
 * ```
 */
export function periodHallOfFame(snapshot: Snapshot, histories: readonly StatHistory[], params: PageParams & { period: string }): HallOfFamePage & { period: { name: string; from: string; to: string } } {
  const bounds = pageBounds(params, 50);
  const period = resolvePeriod(params.period, historiesToday(histories) ?? 0);
  const placed = periodPlacings(snapshot, histories, period.first, period.last);
  const positions = placed.hallOfFame.map((_, i) => i);
  return {
    ...paginate(positions, bounds, (i) => {
      const p = placed.hallOfFame[i]!;
      const [gold, silver, bronze] = placed.medals[p]!;
      return { rank: placed.ranks[i]!, player: toPlayer(snapshot, p), crown_score: placed.crownScores[p]!, medals: { gold, silver, bronze } };
    }),
    crown_weights: { ...snapshot.config.crown_weights },
    period: periodDates(period),
  };
}
