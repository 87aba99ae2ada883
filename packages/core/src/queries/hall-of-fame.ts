import type { HallOfFamePage, PageParams, Snapshot } from '../snapshot/types.js';
import { pageBounds, paginate } from './page-bounds.js';
import { toPlayer } from './to-player.js';

/**
 * `GET /v1/hall-of-fame`: players with at least one medal, by crown score, then gold, silver
 * and bronze counts, then name (DECISIONS 11). Players equal on all four counts share a rank.
 * `crown_weights` gives the points per medal (SPEC meta.crown_weights). Default limit 50.
 *
 * @example
 * ```ts
 * const hof = hallOfFame(snapshot, { limit: 3 });
 * hof.items.map((e) => `${e.rank}. ${e.player.name} ${e.crown_score}`); // ['1. Steve 14', '2. Alex 9', '3. Zed 4']
 * hof.crown_weights; // { gold: 4, silver: 2, bronze: 1 }
 * ```
 */
export function hallOfFame(snapshot: Snapshot, params: PageParams = {}): HallOfFamePage {
  const bounds = pageBounds(params, 50);
  return {
    ...paginate(snapshot.hall_of_fame, bounds, (i) => {
      const p = snapshot.players[i]!;
      const [gold, silver, bronze] = p.medals;
      return { rank: p.hall_of_fame_rank!, player: toPlayer(snapshot, i), crown_score: p.crown_score, medals: { gold, silver, bronze } };
    }),
    crown_weights: { ...snapshot.config.crown_weights },
  };
}
