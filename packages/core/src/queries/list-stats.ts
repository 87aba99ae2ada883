import type { ListStatsParams, Page, Snapshot, Stat } from '../snapshot/types.js';
import { matchesSearch } from './matches-search.js';
import { pageBounds, paginate } from './page-bounds.js';
import { toStat } from './to-stat.js';

/**
 * `GET /v1/stats`: the statistics catalogue in catalogue order, each with its leaderboard link
 * and current record. `search` matches id, title or description, case-insensitively.
 * Default limit 250, so the whole catalogue fits in one call (DECISIONS 18).
 *
 * @example
 * ```ts
 * const { items, total } = listStats(snapshot, { search: 'diamond', baseUrl: 'https://stats.example.net' });
 * items[0]; // { id: 'mined_diamond_ore', title: 'Diamond Ore Mined', …, leaderboard: 'https://…/v1/stats/mined_diamond_ore', record: { value: 412, … } }
 * ```
 */
export function listStats(snapshot: Snapshot, params: ListStatsParams = {}): Page<Stat> {
  const bounds = pageBounds(params, 250);
  const matching: number[] = [];
  snapshot.stats.forEach((s, i) => {
    if (matchesSearch(params.search, [s.id, s.title, s.description])) matching.push(i);
  });
  return paginate(matching, bounds, (i) => toStat(snapshot, i, params.baseUrl));
}
