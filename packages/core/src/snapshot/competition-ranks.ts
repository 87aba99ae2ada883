/**
 * Competition ranks (1, 1, 3) of a list already sorted best first: an entry shares the rank of
 * the one before it when `same` says they tie (DECISIONS 10).
 *
 * @example
 * competitionRanks([9, 9, 7], (a, b) => a === b); // [1, 1, 3]
 */
export function competitionRanks<T>(sorted: readonly T[], same: (a: T, b: T) => boolean): number[] {
  const ranks = new Array<number>(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    ranks[i] = i > 0 && same(sorted[i - 1]!, sorted[i]!) ? ranks[i - 1]! : i + 1;
  }
  return ranks;
}
