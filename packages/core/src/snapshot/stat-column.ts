import { IntValueColumn } from './int-value-column.js';
import { columnToWrite, pooledColumn } from './pooled-column.js';
import { ValueColumn } from './value-column.js';

/** A stat's values as `buildSnapshot` stores them: 32-bit while every value fits, else 64-bit. */
export type StatColumn = IntValueColumn | ValueColumn | number[];

/**
 * Players up to which a column widened to 64 bits is a `ValueColumn`. A plain array of more
 * numbers (over V8's 128 KB for a regular object) is allocated among its large objects, which
 * collections never copy, and a typed one would add its numbers to the memory V8 counts outside
 * its heap: ~80 MB of copied columns a 1 %-changed pull at 50,000 players, past the 64 MB at
 * which V8 starts a full collection (~250 ms in the build, measured). Below, a plain array's copy
 * would be moved by the young generation's collections, twice (see ValueColumn). A 32-bit column
 * is typed at every size: half the bytes (a 1 %-changed pull at 50,000 players copies ~40 MB).
 */
const TYPED_UP_TO = 16_384;

/** A column of `n` zeros, in 32 bits until a value does not fit (see `setValue`). */
export function newColumn(n: number): StatColumn {
  return pooledColumn(IntValueColumn, n);
}

/** A copy of a column, to patch: of the kind it is. */
export function copyColumn(values: StatColumn): StatColumn {
  if (values instanceof IntValueColumn) return copiedInto(columnToWrite(IntValueColumn, values.length), values);
  return values instanceof ValueColumn ? copiedInto(columnToWrite(ValueColumn, values.length), values) : values.slice();
}

/**
 * Sets `column[p]` to `value`; returns the column, or a 64-bit copy of it with the value set
 * when a 32-bit column cannot hold it (a fraction, -0, or beyond ±2^31): use the returned one.
 */
export function setValue(column: StatColumn, p: number, value: number): StatColumn {
  column[p] = value;
  if (column[p] === value && (value !== 0 || 1 / value > 0)) return column;
  if (!(column instanceof IntValueColumn)) return column; // NaN never equals itself: kept as is
  const wide = column.length <= TYPED_UP_TO ? copiedInto(columnToWrite(ValueColumn, column.length), column) : Array.from(column);
  wide[p] = value;
  return wide;
}

/** `column` with `numbers` copied in (as many). */
function copiedInto<T extends Int32Array | Float64Array>(column: T, numbers: ArrayLike<number>): T {
  column.set(numbers);
  return column;
}
