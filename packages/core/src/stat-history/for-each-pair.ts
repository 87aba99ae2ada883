/**
 * Calls `use(column, value)` for each `[column, value, …]` pair, `columns` mapping a file's stat
 * columns to the history's (-1: not tracked); pairs outside `width` columns or with a value that
 * is not finite are skipped.
 *
 * @example
 * forEachPair([0, 5, 3, 7], undefined, 2, (s, v) => console.log(s, v)); // 0 5 (column 3 is past the width)
 */
export function forEachPair(pairs: readonly number[], columns: ArrayLike<number> | undefined, width: number, use: (column: number, value: number) => void): void {
  for (let i = 0; i < pairs.length; i += 2) {
    const s = columns ? columns[pairs[i]!] ?? -1 : pairs[i]!;
    if (s >= 0 && s < width && Number.isFinite(pairs[i + 1]!)) use(s, pairs[i + 1]!);
  }
}
