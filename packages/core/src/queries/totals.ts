import { value } from '../value/value.js';
import type { Page, Snapshot, TotalsEntry, TotalsParams } from '../snapshot/types.js';
import { matchesSearch } from './matches-search.js';
import { pageBounds, paginate } from './page-bounds.js';
import { playerCounts } from './player-counts.js';
import { statSummary } from './stat-summary.js';

/**
 * `GET /v1/totals`: every statistic summed over ranked players, with the average per ranked
 * player (DECISIONS 13), in catalogue order. `search` matches id or title. Default limit 250.
 *
 * @example
 * ```ts
 * const jump = totals(snapshot, { search: 'jump' }).items[0];
 * jump.total.display; // '1,234,567'
 * jump.average.value; // total / ranked players
 * ```
 */
export function totals(snapshot: Snapshot, params: TotalsParams = {}): Page<TotalsEntry> {
  const bounds = pageBounds(params, 250);
  const rankedCount = playerCounts(snapshot).ranked.total;
  const matching: number[] = [];
  snapshot.stats.forEach((s, i) => {
    if (matchesSearch(params.search, [s.id, s.title])) matching.push(i);
  });
  return paginate(matching, bounds, (i) => {
    const stat = snapshot.stats[i]!;
    return {
      ...statSummary(stat),
      total: value(stat.total, stat.unit),
      average: value(rankedCount > 0 ? stat.total / rankedCount : 0, stat.unit),
      players: stat.board.length,
    };
  });
}
