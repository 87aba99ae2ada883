import { value } from '../value/value.js';
import type { Snapshot, Stat } from '../snapshot/types.js';
import { statSummary } from './stat-summary.js';

/**
 * The SPEC Stat catalogue entry of the stat at `index`: its leaderboard link and the record
 * (the leader's value; the holder is not shown).
 *
 * @example
 * toStat(snapshot, 0, 'https://stats.example.net').leaderboard; // 'https://stats.example.net/v1/stats/play_time'
 */
export function toStat(snapshot: Snapshot, index: number, baseUrl = ''): Stat {
  const stat = snapshot.stats[index]!;
  const leader = stat.board[0];
  return {
    ...statSummary(stat),
    leaderboard: `${baseUrl.replace(/\/+$/, '')}/v1/stats/${encodeURIComponent(stat.id)}`,
    record: leader === undefined ? null : value(stat.values[leader]!, stat.unit),
  };
}
