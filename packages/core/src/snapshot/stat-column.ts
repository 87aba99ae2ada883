import { ValueColumn } from './value-column.js';

/**
 * Players up to which a column is a `ValueColumn`. A plain array of more numbers (over V8's
 * 128 KB for a regular object) is allocated among its large objects, which collections never
 * copy, and a typed one would add its numbers to the memory V8 counts outside its heap: ~80 MB
 * of copied columns a 1 %-changed pull at 50,000 players, past the 64 MB at which V8 starts a
 * full collection (~250 ms in the build, measured). Below, a plain array's copy would be moved
 * by the young generation's collections, twice (see ValueColumn).
 */
const TYPED_UP_TO = 16_384;

/** A column of `n` values (zeros in a typed one, holes in an array: every one is then set). */
export function newColumn(n: number): ValueColumn | number[] {
  return n <= TYPED_UP_TO ? new ValueColumn(n) : new Array<number>(n);
}

/** A copy of a column, to patch: of the kind `newColumn` made it. */
export function copyColumn(values: ValueColumn | number[]): ValueColumn | number[] {
  return values instanceof ValueColumn ? new ValueColumn(values) : values.slice();
}
