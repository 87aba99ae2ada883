import { matchesSearch } from '../queries/matches-search.js';
import { pageBounds, paginate } from '../queries/page-bounds.js';
import { statSummary } from '../queries/stat-summary.js';
import type { Page, Snapshot, TotalsEntry, TotalsParams } from '../snapshot/types.js';
import { value } from '../value/value.js';
import { periodDates, resolvePeriod } from './period.js';
import { historiesToday, snapshotGains } from './snapshot-gains.js';
import type { StatHistory } from './stat-history.js';

/**
 * `GET /v1/totals?period=…`: every statistic's gains over a period summed over ranked players,
 * with the average per ranked player and the players who gained (the all-time `totals` rules,
 * DECISIONS 13), in catalogue order. Throws a `QueryError` naming `period` for an invalid one.
 *
 * @example
 * ```ts
 * const { items, period } = periodTotals(snapshot, [history], { period: 'month', search: 'jump' });
 * items[0].total.display; // jumps this month, server-wide
 * ```
 */
export function periodTotals(snapshot: Snapshot, histories: readonly StatHistory[], params: TotalsParams & { period: string }): Page<TotalsEntry> & { period: { name: string; from: string; to: string } } {
  const bounds = pageBounds(params, 250);
  const period = resolvePeriod(params.period, historiesToday(histories) ?? 0);
  const ranked = snapshot.players.map((p) => p.ranked);
  const rankedCount = ranked.reduce((n, r) => n + (r ? 1 : 0), 0);
  const matching: number[] = [];
  snapshot.stats.forEach((s, i) => {
    if (matchesSearch(params.search, [s.id, s.title])) matching.push(i);
  });
  return {
    period: periodDates(period),
    ...paginate(matching, bounds, (i) => {
      const stat = snapshot.stats[i]!;
      const gains = snapshotGains(snapshot, histories, stat.id, period.first, period.last);
      let total = 0;
      let players = 0;
      for (let p = 0; p < gains.length; p++) {
        if (!ranked[p] || !(gains[p]! > 0)) continue;
        total += gains[p]!;
        players++;
      }
      return {
        ...statSummary(stat),
        total: value(total, stat.unit),
        average: value(rankedCount > 0 ? total / rankedCount : 0, stat.unit),
        players,
      };
    }),
  };
}
