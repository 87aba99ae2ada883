import { value } from '../value/value.js';
import type { Comparison, CompareParams, ComparisonStat, Snapshot } from '../snapshot/types.js';
import { statIndexes } from './player-stats.js';
import { QueryError } from './query-error.js';
import { resolvePlayerIndex } from './resolve-player-index.js';
import { statSummary } from './stat-summary.js';
import { statRank } from './stat-rank.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/compare`: two players side by side over every statistic either has (a value above
 * 0), in catalogue order, or over the given `ids`. Each stat carries both values keyed by UUID
 * under `players` and the UUID of the larger value as `winner` (null on a tie); `tally` counts
 * the wins. Throws a QueryError: `not_found` naming `players` (with the identifier) when one is
 * unknown, `invalid` naming `players` when both name the same account, `invalid` naming `ids`
 * for an unknown stat id.
 *
 * @example
 * ```ts
 * const c = compare(snapshot, 'Steve', 'Alex');
 * c.tally; // { wins: { '8667ba71-…': 41, 'ec561538-…': 37 }, ties: 3, winner: '8667ba71-…' }
 * c.stats[0].players[c.players[0].uuid].display; // '12,345'
 * ```
 */
export function compare(snapshot: Snapshot, first: string, second: string, params: CompareParams = {}): Comparison {
  const wanted = params.ids === undefined ? null : statIndexes(snapshot, params.ids);
  const a = resolve(snapshot, first);
  const b = resolve(snapshot, second);
  if (a === b) throw new QueryError('invalid', 'players', 'compare needs two different players', [first, second]);

  const pa = snapshot.players[a]!;
  const pb = snapshot.players[b]!;
  const indexes = wanted ?? snapshot.stats.flatMap((s, i) => ((s.values[a] ?? 0) > 0 || (s.values[b] ?? 0) > 0 ? [i] : []));
  const wins: Record<string, number> = { [pa.uuid]: 0, [pb.uuid]: 0 };
  let ties = 0;
  const stats = indexes.map((i): ComparisonStat => {
    const stat = snapshot.stats[i]!;
    const va = stat.values[a] ?? 0;
    const vb = stat.values[b] ?? 0;
    const winner = va > vb ? pa.uuid : vb > va ? pb.uuid : null;
    if (winner === null) ties++;
    else wins[winner]!++;
    return {
      ...statSummary(stat),
      players: {
        [pa.uuid]: { ...value(va, stat.unit), rank: statRank(stat, a, pa.ranked) },
        [pb.uuid]: { ...value(vb, stat.unit), rank: statRank(stat, b, pb.ranked) },
      },
      winner,
    };
  });
  const wa = wins[pa.uuid]!;
  const wb = wins[pb.uuid]!;
  return {
    players: [toPlayer(snapshot, a), toPlayer(snapshot, b)],
    stats,
    tally: { wins, ties, winner: wa > wb ? pa.uuid : wb > wa ? pb.uuid : null },
  };
}

function resolve(snapshot: Snapshot, identifier: string): number {
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) throw new QueryError('not_found', 'players', `no player matches ${JSON.stringify(identifier)}`, [identifier]);
  return index;
}
