/**
 * How much each recorded value of a counter rose, as activity counts it: only increases between
 * two readings of the same file. A counter never falls in a file the game keeps writing, so a
 * fall means the file changed: reset (the counter then rises from its new value), or replaced
 * for a while (a restored backup, or a vanished file an older recorder stored as 0) and then
 * back. A reading after a fall that is back at or above the value before the fall is that file
 * coming back: only what it rose beyond that value counts, so a player whose file vanished for
 * one pull gains no session and no deaths when it returns.
 *
 * INTERNAL: `startsAtZero` is true for a newcomer's counters, which began at 0.
 *
 * @example
 * counterRises([100, 0, 100, 105], false); // [0, 0, 0, 5]: the 0 was the file missing
 * counterRises([100, 0, 6], false); // [0, 0, 6]: reset, then 6 more
 */
export function counterRises(values: readonly number[], startsAtZero: boolean): number[] {
  const rises = new Array<number>(values.length).fill(0);
  let previous: number | null = startsAtZero ? 0 : null;
  /** The highest value before the latest fall, until the counter rises again. */
  let fellFrom: number | null = null;
  for (let k = 0; k < values.length; k++) {
    const value = values[k]!;
    if (previous !== null) {
      if (value < previous) fellFrom = Math.max(fellFrom ?? previous, previous);
      else if (value > previous) {
        const back = fellFrom !== null && value >= fellFrom;
        rises[k] = value - (back ? fellFrom! : previous);
        fellFrom = null;
      }
    }
    previous = value;
  }
  return rises;
}
