import { statIndexes } from '../queries/player-stats.js';
import { QueryError } from '../queries/query-error.js';
import { resolvePlayerIndex } from '../queries/resolve-player-index.js';
import { statSummary } from '../queries/stat-summary.js';
import { toPlayer } from '../queries/to-player.js';
import type { CompareParams, Comparison, ComparisonStat, Snapshot } from '../snapshot/types.js';
import { value } from '../value/value.js';
import { periodDates, resolvePeriod } from './period.js';
import { historiesToday, snapshotGains } from './snapshot-gains.js';
import type { StatHistory } from './stat-history.js';

/**
 * `GET /v1/compare?period=…`: two players side by side over their gains in a period (issue 41),
 * with the all-time comparison's rules: every stat either gained in (or the `ids` given), both
 * gains keyed by UUID, each with its rank on the stat's period board (null when not on it), the
 * `winner` UUID (null on a tie) and the tally. Throws the `compare` errors, and a `QueryError`
 * naming `period` for an invalid one.
 *
 * @example
 * ```ts
 * const month = periodCompare(snapshot, [history], 'Steve', 'Alex', { period: 'month' });
 * month.tally.winner; // who gained more this month in more statistics
 * ```
 */
export function periodCompare(snapshot: Snapshot, histories: readonly StatHistory[], first: string, second: string, params: CompareParams & { period: string }): Comparison & { period: { name: string; from: string; to: string } } {
  const wanted = params.ids === undefined ? null : statIndexes(snapshot, params.ids);
  const a = resolve(snapshot, first);
  const b = resolve(snapshot, second);
  if (a === b) throw new QueryError('invalid', 'players', 'compare needs two different players', [first, second]);
  const period = resolvePeriod(params.period, historiesToday(histories) ?? 0);
  const pa = snapshot.players[a]!;
  const pb = snapshot.players[b]!;
  const wins: Record<string, number> = { [pa.uuid]: 0, [pb.uuid]: 0 };
  let ties = 0;
  const stats: ComparisonStat[] = [];
  for (const i of wanted ?? snapshot.stats.map((_, i) => i)) {
    const stat = snapshot.stats[i]!;
    const gains = snapshotGains(snapshot, histories, stat.id, period.first, period.last);
    const ga = gains[a]!;
    const gb = gains[b]!;
    if (wanted === null && !(ga > 0) && !(gb > 0)) continue;
    const winner = ga > gb ? pa.uuid : gb > ga ? pb.uuid : null;
    if (winner === null) ties++;
    else wins[winner]!++;
    stats.push({
      ...statSummary(stat),
      players: {
        [pa.uuid]: { ...value(ga, stat.unit), rank: boardRank(snapshot, gains, a) },
        [pb.uuid]: { ...value(gb, stat.unit), rank: boardRank(snapshot, gains, b) },
      },
      winner,
    });
  }
  const wa = wins[pa.uuid]!;
  const wb = wins[pb.uuid]!;
  return {
    players: [toPlayer(snapshot, a), toPlayer(snapshot, b)],
    stats,
    tally: { wins, ties, winner: wa > wb ? pa.uuid : wb > wa ? pb.uuid : null },
    period: periodDates(period),
  };
}

/**
 * A player's competition rank on a period board (one more than the qualifying gains above
 * theirs), or null when they are not on it: unranked, or no gain (DECISIONS 9-10).
 */
function boardRank(snapshot: Snapshot, gains: Float64Array, player: number): number | null {
  const mine = gains[player]!;
  if (!snapshot.players[player]!.ranked || !(mine > 0)) return null;
  let above = 0;
  for (let p = 0; p < gains.length; p++) if (gains[p]! > mine && snapshot.players[p]!.ranked) above++;
  return above + 1;
}

function resolve(snapshot: Snapshot, identifier: string): number {
  const index = resolvePlayerIndex(snapshot, identifier);
  if (index === -1) throw new QueryError('not_found', 'players', `no player matches ${JSON.stringify(identifier)}`, [identifier]);
  return index;
}
