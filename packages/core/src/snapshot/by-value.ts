/** Best first, name order on a tie. */
export function byValue(values: ArrayLike<number>, nameRank: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => values[b]! - values[a]! || nameRank[a]! - nameRank[b]!;
}
