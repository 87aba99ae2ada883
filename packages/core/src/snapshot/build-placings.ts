import type { CrownWeights, SnapshotStat } from './types.js';

/** How many best ranks a profile lists (SPEC `top_ranks`: "the player's ten best ranks"). */
export const TOP_RANKS = 10;

/** Medals, crown score, best ranks and hall of fame of every player. */
export interface Placings {
  /** Per player `[gold, silver, bronze]`. */
  medals: [number, number, number][];
  crownScores: number[];
  /** Per player flat `[statIndex, rank, …]`, best first, at most ten pairs. */
  topRanks: number[][];
  /** Players with a medal in hall-of-fame order. */
  hallOfFame: number[];
  /** Per player competition rank in the hall of fame, or null without a medal. */
  hallOfFameRanks: (number | null)[];
}

/**
 * Derives every placing from the leaderboards. Medals are places 1-3 of each stat, shared on a
 * tie (ranks 1, 1, 3 give two golds and a bronze); crown score = gold × w.gold + silver × w.silver
 * + bronze × w.bronze; the hall of fame orders by crown score, then gold, silver, bronze, then
 * name, and players equal on all four share a rank (DECISIONS 10-11). Best ranks: lowest rank
 * first, catalogue order inside a rank.
 *
 * @example
 * buildPlacings(stats, players.length, { gold: 4, silver: 2, bronze: 1 }, nameRank).hallOfFame; // [3, 0, 7]
 */
export function buildPlacings(
  stats: readonly SnapshotStat[],
  playerCount: number,
  weights: CrownWeights,
  nameRank: ArrayLike<number>,
): Placings {
  const medals = Array.from({ length: playerCount }, (): [number, number, number] => [0, 0, 0]);
  const topRanks = Array.from({ length: playerCount }, (): number[] => []);

  stats.forEach((stat, s) => {
    for (let i = 0; i < stat.board.length; i++) {
      const p = stat.board[i]!;
      const rank = stat.ranks[i]!;
      if (rank <= 3) medals[p]![rank - 1]!++;
      insertTopRank(topRanks[p]!, s, rank);
    }
  });

  const crownScores = medals.map(([g, s, b]) => g * weights.gold + s * weights.silver + b * weights.bronze);
  const hallOfFame: number[] = [];
  for (let p = 0; p < playerCount; p++) {
    const [g, s, b] = medals[p]!;
    if (g + s + b > 0) hallOfFame.push(p);
  }
  const key = (p: number): number[] => [crownScores[p]!, ...medals[p]!];
  hallOfFame.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return nameRank[a]! - nameRank[b]!;
  });
  const hallOfFameRanks = new Array<number | null>(playerCount).fill(null);
  hallOfFame.forEach((p, i) => {
    const previous = hallOfFame[i - 1];
    const tied = previous !== undefined && key(previous).every((v, j) => v === key(p)[j]);
    hallOfFameRanks[p] = tied ? hallOfFameRanks[previous]! : i + 1;
  });
  return { medals, crownScores, topRanks, hallOfFame, hallOfFameRanks };
}

/**
 * Keeps a player's best ranks as sorted flat pairs. Stats arrive in catalogue order, so a new
 * pair goes after every pair of equal rank: ties keep catalogue order.
 */
function insertTopRank(list: number[], stat: number, rank: number): void {
  const full = list.length >= TOP_RANKS * 2;
  if (full && rank >= list[list.length - 1]!) return;
  let at = list.length;
  while (at > 0 && list[at - 1]! > rank) at -= 2;
  list.splice(at, 0, stat, rank);
  if (list.length > TOP_RANKS * 2) list.length = TOP_RANKS * 2;
}
