import { playerOrder } from '../snapshot/player-order.js';
import type { Snapshot } from '../snapshot/types.js';
import { periodMedals } from './period-medals.js';
import type { StatHistory } from './stat-history.js';

/** Medals and crowns of a period: the all-time placings' rules over the period's gains. */
export interface PeriodPlacings {
  /** Per snapshot player `[gold, silver, bronze]` won on the period boards (read only: shared between players and answers). */
  medals: Array<[number, number, number]>;
  /** Per snapshot player, the crown score of their medals (0 without a medal). */
  crownScores: number[];
  /** Players with a medal in hall-of-fame order. */
  hallOfFame: number[];
  /** Competition rank of each `hallOfFame` position. */
  ranks: number[];
}

/**
 * The medals of server days `first` to `last`: places 1-3 of every statistic's period board
 * (ranked players with a gain above 0, competition ranks, so tied players share a medal), and
 * the hall of fame they make: crown score, then gold, silver, bronze, then name; equal on all
 * four is a shared rank (DECISIONS 9-11, as the all-time hall of fame). Remembered per snapshot
 * until a history changes.
 *
 * @example
 * ```ts
 * const week = periodPlacings(snapshot, [history], 20_407, 20_413);
 * snapshot.players[week.hallOfFame[0]].name; // the player of that week
 * ```
 */
export function periodPlacings(snapshot: Snapshot, histories: readonly StatHistory[], first: number, last: number): PeriodPlacings {
  const key = `${first}|${last}|${histories.map((h) => `${h.id}:${h.version}`).join(',')}`;
  let memo = placings.get(snapshot);
  if (!memo) placings.set(snapshot, (memo = new Map()));
  const known = memo.get(key);
  if (known) return known;
  const computed = computePlacings(snapshot, histories, first, last);
  if (memo.size >= PLACINGS_KEPT) memo.delete(memo.keys().next().value as string);
  memo.set(key, computed);
  return computed;
}

const placings = new WeakMap<Snapshot, Map<string, PeriodPlacings>>();
const PLACINGS_KEPT = 16;

function computePlacings(snapshot: Snapshot, histories: readonly StatHistory[], first: number, last: number): PeriodPlacings {
  const medals = periodMedals(snapshot, histories, first, last);
  const weights = snapshot.config.crown_weights;
  // Crown scores of the players with a medal (a few of thousands); the others' are 0 and never read.
  const crownScores = new Array<number>(medals.length).fill(0);
  const hallOfFame: number[] = [];
  // Read by index, not destructured: a loop over every player (destructuring runs the array iterator).
  for (let p = 0; p < medals.length; p++) {
    const m = medals[p]!;
    const g = m[0];
    const s = m[1];
    const b = m[2];
    if (g + s + b === 0) continue;
    crownScores[p] = g * weights.gold + s * weights.silver + b * weights.bronze;
    hallOfFame.push(p);
  }
  // Medals read by index, not destructured (the array iterator): a tie on a rare statistic's
  // board can give hundreds of players a medal, and the sort compares them all.
  const byCrown = (a: number, b: number): number => {
    const ma = medals[a]!;
    const mb = medals[b]!;
    return crownScores[b]! - crownScores[a]! || mb[0] - ma[0] || mb[1] - ma[1] || mb[2] - ma[2];
  };
  hallOfFame.sort((a, b) => byCrown(a, b) || playerOrder(snapshot.players[a]!, snapshot.players[b]!));
  const ranks = new Array<number>(hallOfFame.length);
  for (let i = 0; i < hallOfFame.length; i++) ranks[i] = i > 0 && byCrown(hallOfFame[i - 1]!, hallOfFame[i]!) === 0 ? ranks[i - 1]! : i + 1;
  return { medals, crownScores, hallOfFame, ranks };
}
