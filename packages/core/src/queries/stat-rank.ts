import type { SnapshotStat } from '../snapshot/types.js';

/**
 * A player's rank on a leaderboard, or null when not on it (unranked or a value of 0). The
 * board is sorted by value, so a binary search finds the first entry with the player's value,
 * whose rank every tied player shares.
 *
 * @example
 * statRank(snapshot.stats[0], 4, snapshot.players[4].ranked); // 2
 */
export function statRank(stat: SnapshotStat, player: number, ranked: boolean): number | null {
  const v = stat.values[player] ?? 0;
  if (!ranked || !(v > 0)) return null;
  // A snapshot holding only part of the board (a split snapshot, see `SnapshotStat.rank_of`).
  const known = stat.rank_of?.(player);
  if (known !== undefined) return known;
  let lo = 0;
  let hi = stat.board.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stat.values[stat.board[mid]!]! > v) lo = mid + 1;
    else hi = mid;
  }
  return lo < stat.board.length && stat.values[stat.board[lo]!] === v ? stat.ranks[lo]! : null;
}
