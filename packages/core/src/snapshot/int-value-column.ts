/**
 * A statistic's value per player when every value is an integer an `Int32Array` holds (nearly
 * every stat: counters, centimetres, ticks): 4 bytes a player where a `ValueColumn` or a plain
 * array of numbers takes 8, outside V8's heap. `JSON.stringify` writes it as a plain array of
 * numbers (`toJSON`), so a snapshot's JSON is what it was with 64-bit columns. A column with a
 * value that does not fit is widened (see `setValue` in stat-column.ts).
 *
 * @example
 * const values = IntValueColumn.of(0, 812, -1);
 * JSON.stringify({ values }); // '{"values":[0,812,-1]}'
 */
export class IntValueColumn extends Int32Array {
  /** The numbers as a plain array (what `JSON.stringify` writes). */
  toJSON(): number[] {
    return Array.from(this);
  }
}
