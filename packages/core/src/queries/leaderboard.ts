import { value } from '../value/value.js';
import type { LeaderboardPage, PageParams, Snapshot } from '../snapshot/types.js';
import { pageBounds, paginatePositions } from './page-bounds.js';
import { statSummary } from './stat-summary.js';
import { snapshotIndex } from './snapshot-index.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/stats/{stat_id}`: a statistic's leaderboard, best first. Only ranked players with a
 * value above 0 appear; ties share a rank (1, 1, 3) and are listed by name (DECISIONS 9-10).
 * Returns null for an unknown stat id. Default limit 50.
 *
 * @example
 * ```ts
 * const board = leaderboard(snapshot, 'jump', { limit: 3 });
 * board?.items.map((e) => `${e.rank}. ${e.player.name}: ${e.display}`); // ['1. Steve: 12,345', …]
 * board?.total; // every qualifying player
 * ```
 */
export function leaderboard(snapshot: Snapshot, statId: string, params: PageParams = {}): LeaderboardPage | null {
  const bounds = pageBounds(params, 50);
  const index = snapshotIndex(snapshot).byStat.get(statId);
  if (index === undefined) return null;
  const stat = snapshot.stats[index]!;
  return {
    stat: statSummary(stat),
    ...paginatePositions(stat.board.length, bounds, (i) => ({
      ...value(stat.values[stat.board[i]!]!, stat.unit),
      rank: stat.ranks[i]!,
      player: toPlayer(snapshot, stat.board[i]!),
    })),
  };
}
