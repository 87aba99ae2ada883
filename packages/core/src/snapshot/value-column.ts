/**
 * A statistic's value per player, as `buildSnapshot` stores it up to 16,384 players (above, V8
 * never copies the plain array: see `build-stats.ts`): a `Float64Array`, which
 * `JSON.stringify` writes as a plain array of numbers (`toJSON`), so a snapshot's JSON is what it
 * was when the column was an array, and a snapshot read back from JSON has plain arrays there.
 *
 * Why typed: a rebuild copies the column of every statistic a changed player moved on (~200
 * columns of 10,000 players at a 1 % change). An array's copy lives on V8's heap, where the young
 * generation's collections copy it again, twice, before it settles: ~16 MB a pull at 10,000
 * players, most of a pull's collection time. A typed array's numbers live outside the heap and
 * are never moved.
 *
 * @example
 * const values = new ValueColumn([0, 812, 3.5]);
 * JSON.stringify({ values }); // '{"values":[0,812,3.5]}'
 */
export class ValueColumn extends Float64Array {
  /** The numbers as a plain array (what `JSON.stringify` writes). */
  toJSON(): number[] {
    return Array.from(this);
  }
}
