import { value } from '../value/value.js';
import type { Snapshot, TopRank } from '../snapshot/types.js';

/**
 * A player's best placings (at most ten), best first, with the value that earned each.
 *
 * @example
 * toTopRanks(snapshot, 0)[0]; // { id: 'jump', title: 'Jumps', rank: 1, value: 120, unit: 'int', display: '120', converted: null }
 */
export function toTopRanks(snapshot: Snapshot, index: number): TopRank[] {
  const flat = snapshot.players[index]!.top_ranks;
  const out: TopRank[] = [];
  for (let i = 0; i < flat.length; i += 2) {
    const stat = snapshot.stats[flat[i]!]!;
    out.push({ id: stat.id, title: stat.title, rank: flat[i + 1]!, ...value(stat.values[index] ?? 0, stat.unit) });
  }
  return out;
}
