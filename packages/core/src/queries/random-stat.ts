import type { RandomStat, Random, Snapshot } from '../snapshot/types.js';
import { leaderboard } from './leaderboard.js';
import { pick } from './pick.js';
import { toStat } from './to-stat.js';

/**
 * `GET /v1/random/stat`: a statistic chosen with `random` among those with a non-empty
 * leaderboard, with its first three entries. Null when every leaderboard is empty. `baseUrl`
 * makes the stat's `leaderboard` link absolute.
 *
 * @example
 * ```ts
 * const r = randomStat(snapshot, Math.random, 'https://stats.example.net');
 * r?.top.map((e) => `${e.rank}. ${e.player.name} ${e.display}`);
 * ```
 */
export function randomStat(snapshot: Snapshot, random: Random, baseUrl = ''): RandomStat | null {
  const candidates: number[] = [];
  snapshot.stats.forEach((s, i) => {
    if (s.board.length > 0) candidates.push(i);
  });
  if (candidates.length === 0) return null;
  const index = pick(candidates, random);
  const stat = snapshot.stats[index]!;
  return { stat: toStat(snapshot, index, baseUrl), top: leaderboard(snapshot, stat.id, { limit: 3 })!.items };
}
