import type { SnapshotStat, StatSummary } from '../snapshot/types.js';

/**
 * A statistic without its numbers.
 *
 * @example
 * statSummary(snapshot.stats[0]); // { id: 'play_time', title: 'Time Played', description: '…', unit: 'ticks', category: 'time' }
 */
export function statSummary(stat: SnapshotStat): StatSummary {
  return { id: stat.id, title: stat.title, description: stat.description, unit: stat.unit, category: stat.category };
}
