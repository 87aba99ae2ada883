import type { CrownWeights, SnapshotStat } from './types.js';

/** How many best ranks a profile lists (SPEC `top_ranks`: "the player's ten best ranks"). */
export const TOP_RANKS = 10;

/**
 * Medals, crown score, best ranks and hall of fame of every player. Medals and best ranks are
 * flat typed arrays (two arrays a player were 20,000 allocations a build at 10,000 players, kept
 * alive through the rest of the build): read them through `medalsOf` and `topRanksOf`, or compare
 * them with a profile's through `sameMedals` and `sameTopRanks`.
 */
export interface Placings {
  /** Player p's gold, silver and bronze at `3p`, `3p + 1`, `3p + 2`. */
  medals: Int32Array;
  crownScores: number[];
  /** Player p's best ranks as `[statIndex, rank, …]` pairs from `p × TOP_RANKS × 2`, best first. */
  topRankSlots: Int32Array;
  /** How many pairs of best ranks player p has (at most `TOP_RANKS`). */
  topRankPairs: Uint8Array;
  /** Players with a medal in hall-of-fame order. */
  hallOfFame: number[];
  /** Per player competition rank in the hall of fame, or null without a medal. */
  hallOfFameRanks: (number | null)[];
}

/** Player p's `[gold, silver, bronze]`. */
export function medalsOf(placings: Placings, p: number): [number, number, number] {
  const m = placings.medals;
  return [m[3 * p]!, m[3 * p + 1]!, m[3 * p + 2]!];
}

/** Whether `medals` holds player p's medals. */
export function sameMedals(placings: Placings, p: number, medals: readonly number[]): boolean {
  const m = placings.medals;
  return medals.length === 3 && medals[0] === m[3 * p] && medals[1] === m[3 * p + 1] && medals[2] === m[3 * p + 2];
}

/** Player p's best ranks, flat `[statIndex, rank, …]`, best first (SPEC `top_ranks`). */
export function topRanksOf(placings: Placings, p: number): number[] {
  const from = p * TOP_RANKS * 2;
  // Copied by index: `Array.from` of a typed subarray takes a slow generic path.
  const ranks = new Array<number>(placings.topRankPairs[p]! * 2);
  for (let k = 0; k < ranks.length; k++) ranks[k] = placings.topRankSlots[from + k]!;
  return ranks;
}

/** Whether `ranks` holds player p's best ranks. */
export function sameTopRanks(placings: Placings, p: number, ranks: readonly number[]): boolean {
  if (ranks.length !== placings.topRankPairs[p]! * 2) return false;
  const from = p * TOP_RANKS * 2;
  for (let k = 0; k < ranks.length; k++) if (ranks[k] !== placings.topRankSlots[from + k]) return false;
  return true;
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
  const { medals, topRankSlots, topRankPairs } = readBoards(stats, playerCount);
  // Loops rather than callbacks made at every build (see `playTimes` in build-snapshot.ts).
  const crownScores: number[] = [];
  const hallOfFame: number[] = [];
  for (let p = 0; p < playerCount; p++) {
    const g = medals[3 * p]!;
    const s = medals[3 * p + 1]!;
    const b = medals[3 * p + 2]!;
    crownScores.push(g * weights.gold + s * weights.silver + b * weights.bronze);
    if (g + s + b > 0) hallOfFame.push(p);
  }
  const order: HallOrder = { medals, crownScores, nameRank };
  hallOfFame.sort((a, b) => hallOrder(order, a, b));
  const hallOfFameRanks = new Array<number | null>(playerCount).fill(null);
  for (let i = 0; i < hallOfFame.length; i++) {
    const p = hallOfFame[i]!;
    const previous = hallOfFame[i - 1];
    const tied = previous !== undefined && byCrown(order, previous, p) === 0;
    hallOfFameRanks[p] = tied ? hallOfFameRanks[previous]! : i + 1;
  }
  return { medals, crownScores, topRankSlots, topRankPairs, hallOfFame, hallOfFameRanks };
}

/** What the hall of fame is ordered by. */
interface HallOrder {
  medals: Int32Array;
  crownScores: readonly number[];
  nameRank: ArrayLike<number>;
}

/**
 * Crown score, then gold, silver, bronze: larger first (0 when equal on all four). Module
 * functions without destructuring, not closures made at every build: V8 keeps their optimised
 * code between builds (see `playTimes` in build-snapshot.ts), and the sort calls them ~20,000
 * times at 26,000 players.
 */
function byCrown(order: HallOrder, a: number, b: number): number {
  const m = order.medals;
  return order.crownScores[b]! - order.crownScores[a]! || m[3 * b]! - m[3 * a]! || m[3 * b + 1]! - m[3 * a + 1]! || m[3 * b + 2]! - m[3 * a + 2]!;
}

/** The hall of fame's order: `byCrown`, then name order. */
function hallOrder(order: HallOrder, a: number, b: number): number {
  return byCrown(order, a, b) || order.nameRank[a]! - order.nameRank[b]!;
}

/**
 * Every player's medals and best ranks (flat `[statIndex, rank, …]`, best first, catalogue order
 * inside a rank, at most ten pairs), from one reading of every board entry.
 */
function readBoards(stats: readonly SnapshotStat[], playerCount: number): { medals: Int32Array; topRankSlots: Int32Array; topRankPairs: Uint8Array } {
  const medals = new Int32Array(playerCount * 3);
  // Each player's best ranks in fixed slots (stat, rank pairs, best first) while the boards are
  // read (`topRanksOf` reads them).
  const slots = new Int32Array(playerCount * TOP_RANKS * 2);
  const filled = new Uint8Array(playerCount);
  // Each player's tenth best rank so far (none yet: no bound), checked before their slots are
  // touched: once best ranks are full, most board entries are worse, and the small array stays in
  // the cache where the slots (4 MB at 50,000 players) do not.
  const worst = new Int32Array(playerCount).fill(NO_BOUND);
  // The boards are read in bands of rank (1-16, 17-64, 65-256, …), each band across every stat
  // in catalogue order, so equal ranks still arrive in catalogue order. A player's best ranks
  // then mostly come first and fill their slots once; read stat by stat, a player with ~90
  // ranked stats had ~30 insertions, each a cache miss into the slots at 50,000 players.
  const next = new Int32Array(stats.length);
  for (let limit = FIRST_BAND, more = true; more; limit *= BAND_GROWTH) {
    more = false;
    for (let s = 0; s < stats.length; s++) {
      const { board, ranks } = stats[s]!;
      let i = next[s]!;
      // A competition rank is at most the board's length: a band that wide takes the rest.
      const all = limit >= board.length;
      for (; i < board.length && (all || ranks[i]! <= limit); i++) {
        const p = board[i]!;
        const rank = ranks[i]!;
        if (rank <= 3) medals[3 * p + rank - 1]!++;
        if (rank < worst[p]!) worst[p] = insertTopRank(slots, p * TOP_RANKS * 2, filled, p, s, rank);
      }
      next[s] = i;
      if (i < board.length) more = true;
    }
  }
  return { medals, topRankSlots: slots, topRankPairs: filled };
}

/** The first band of ranks read across every board, and how much each next band is wider. */
const FIRST_BAND = 16;
const BAND_GROWTH = 4;

/** `worst` of a player whose best ranks are not full yet: any rank gets in. */
const NO_BOUND = 2 ** 31 - 1;

/**
 * Keeps a player's best ranks as sorted pairs in their slots (`filled[p]` pairs used). Pairs of
 * equal rank arrive in catalogue order (`readBoards` reads each band of rank across the stats in
 * order), so a new pair goes after every pair of equal rank: ties keep catalogue order. Returns the rank a later one must beat: the tenth best once there are ten,
 * else `NO_BOUND`.
 */
function insertTopRank(slots: Int32Array, from: number, filled: Uint8Array, p: number, stat: number, rank: number): number {
  const count = filled[p]!;
  if (count === TOP_RANKS && rank >= slots[from + 2 * count - 1]!) return slots[from + 2 * count - 1]!;
  let at = count;
  while (at > 0 && slots[from + 2 * at - 1]! > rank) at--;
  // Shift the worse pairs one slot down (the last falls off when full).
  for (let k = Math.min(count, TOP_RANKS - 1); k > at; k--) {
    slots[from + 2 * k] = slots[from + 2 * k - 2]!;
    slots[from + 2 * k + 1] = slots[from + 2 * k - 1]!;
  }
  slots[from + 2 * at] = stat;
  slots[from + 2 * at + 1] = rank;
  if (count < TOP_RANKS) filled[p] = count + 1;
  return filled[p] === TOP_RANKS ? slots[from + 2 * TOP_RANKS - 1]! : NO_BOUND;
}
