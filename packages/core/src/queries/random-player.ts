import type { RandomPlayer, Random, Snapshot } from '../snapshot/types.js';
import { pick } from './pick.js';
import { toPlayer } from './to-player.js';
import { toTopRanks } from './to-top-ranks.js';

/**
 * `GET /v1/random/player`: a ranked player chosen with `random` (inject `Math.random`, or a
 * seeded source in tests) with their single best rank (null when they hold no place). Null when
 * no player is ranked.
 *
 * @example
 * ```ts
 * const pickd = randomPlayer(snapshot, Math.random);
 * pickd && `${pickd.player.name} is #${pickd.best_rank?.rank} in ${pickd.best_rank?.title}`;
 * ```
 */
export function randomPlayer(snapshot: Snapshot, random: Random): RandomPlayer | null {
  const ranked: number[] = [];
  snapshot.players.forEach((p, i) => {
    if (p.ranked) ranked.push(i);
  });
  if (ranked.length === 0) return null;
  const index = pick(ranked, random);
  return { player: toPlayer(snapshot, index), best_rank: toTopRanks(snapshot, index)[0] ?? null };
}
