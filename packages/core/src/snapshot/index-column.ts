import { columnToWrite } from './pooled-column.js';

/**
 * A stat's board or ranks (player indexes, or ranks: integers below 2^31), as `buildSnapshot`
 * stores them: an `Int32Array`, 4 bytes a number where an array took 8, which `JSON.stringify`
 * writes as a plain array (`toJSON`), so a snapshot's JSON is what it was when they were arrays,
 * and a snapshot read back from JSON has plain arrays there.
 *
 * @example
 * const board = IndexColumn.of(4, 0, 7);
 * JSON.stringify({ board }); // '{"board":[4,0,7]}'
 */
export class IndexColumn extends Int32Array {
  /** The numbers as a plain array (what `JSON.stringify` writes). */
  toJSON(): number[] {
    return Array.from(this);
  }
}

/** `numbers` (integers that an Int32Array holds) as an `IndexColumn`. */
export function indexColumn(numbers: ArrayLike<number>): IndexColumn {
  const column = columnToWrite(IndexColumn, numbers.length);
  column.set(numbers);
  return column;
}
