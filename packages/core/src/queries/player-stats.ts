import { value } from '../value/value.js';
import type { PlayerStats, PlayerStatsParams, Snapshot } from '../snapshot/types.js';
import { QueryError } from './query-error.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { snapshotIndex } from './snapshot-index.js';
import { statRank } from './stat-rank.js';
import { toPlayer } from './to-player.js';

/**
 * Stat indexes for an `ids` list: every id must exist (else a QueryError naming `ids` and listing
 * each unknown id); duplicates are dropped, order kept.
 *
 * @example
 * statIndexes(snapshot, ['jump', 'jump', 'deaths']); // [1, 2]
 */
export function statIndexes(snapshot: Snapshot, ids: readonly string[]): number[] {
  const byStat = snapshotIndex(snapshot).byStat;
  const unknown = ids.filter((id) => !byStat.has(id));
  if (unknown.length > 0) {
    throw new QueryError('invalid', 'ids', `unknown stat id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, unknown);
  }
  return [...new Set(ids.map((id) => byStat.get(id)!))];
}

/**
 * `GET /v1/players/{player}/stats`: the player's value and rank for every statistic they have
 * (a value above 0), in catalogue order; with `ids`, exactly those stats (values of 0
 * included). `rank` is null when the player is not on that leaderboard (unranked, or 0), so an
 * unranked player still sees their numbers. Null when the player is unknown; a QueryError
 * (`invalid`, parameter `ids`, `values` = the unknown ids) for an unknown stat id.
 *
 * @example
 * ```ts
 * const stats = playerStats(snapshot, 'Steve', { ids: ['jump', 'deaths'] });
 * stats?.stats; // [{ id: 'jump', title: 'Jumps', value: 120, display: '120', rank: 1, … }, { id: 'deaths', …, rank: null }]
 * ```
 */
export function playerStats(snapshot: Snapshot, identifier: string, params: PlayerStatsParams = {}): PlayerStats | null {
  const wanted = params.ids === undefined ? null : statIndexes(snapshot, params.ids);
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) return null;
  const ranked = snapshot.players[index]!.ranked;
  const indexes = wanted ?? snapshot.stats.flatMap((s, i) => ((s.values[index] ?? 0) > 0 ? [i] : []));
  return {
    player: toPlayer(snapshot, index),
    stats: indexes.map((i) => {
      const stat = snapshot.stats[i]!;
      return { id: stat.id, title: stat.title, ...value(stat.values[index] ?? 0, stat.unit), rank: statRank(stat, index, ranked) };
    }),
  };
}
