/** A class of typed columns (`IndexColumn`, `IntValueColumn`, `ValueColumn`): made over a buffer, or of a length. */
export interface ColumnClass<T extends Int32Array | Float64Array> {
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  new (length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

/** Columns from this many bytes on are pooled; a smaller one is allocated as usual. */
const POOLED_FROM = 4096;
/** Buffers are sized in steps of this many bytes, so a board a few players longer or shorter than last time fits the same one. */
const STEP = 4096;

/** Free buffers by size, the sum of their sizes, and the bytes of pooled columns asked for since the pool was last given one. */
const free = new Map<number, ArrayBuffer[]>();
let freeBytes = 0;
let asked = 0;
/**
 * At most the bytes the builds asked for between two rounds of dropped columns, the most ever:
 * a pull's builds ask about as much again. (Not the last round's: a collection in the middle of
 * a pull's builds splits its asks in two, and the pool was trimmed to the smaller part.)
 */
let budget = 0;

/**
 * Each pooled column's buffer, given back once the column is collected. The buffer is only ever
 * read through its column (the builds' and writers' `subarray`s are read at once and never
 * kept), so nothing reads it any more: no request in flight, no memo, no writer, no view of a
 * network holds the column. (A registry's callback may also never come: then a column is
 * allocated anew, as without the pool.)
 */
const dropped = new FinalizationRegistry<ArrayBuffer>(giveBack);

/**
 * A column of `length` zeros of class `Kind`, over the buffer of a column nobody holds any more
 * when one of its size is free, else over a new one. Why: a rebuild 15 minutes later makes new
 * columns for every stat a changed player moved on (values, board and ranks), in the network's
 * snapshot and in each server's view alike, and V8 counts their buffers as memory outside its
 * heap, starting a full collection every 64 MB of it whatever the heap's own growth (a marking
 * of the whole ~450 MB heap of a network of 5 × 10,000 players). The columns they replace are
 * garbage by the next rebuild (the pull's collection took them): their buffers serve it.
 * Measured (`bench/networkAlone.ts 5 10000 3`, one run each, 2026-11-29, load 1.7-3.4): the
 * network's 1 %-changed pull 3.62 → 2.99 s median (−17 %), its CPU 5.19 → 3.97 s (−24 %), the
 * five views 1,076 → 471 ms; the price is the pool between pulls (+68 MB resident after them),
 * the first pull's peak unchanged (961 → 956 MB).
 *
 * @example
 * const board = pooledColumn(IndexColumn, 10_000); // 10,000 zeros, maybe in a dropped board's buffer
 */
export function pooledColumn<T extends Int32Array | Float64Array>(Kind: ColumnClass<T>, length: number): T {
  const column = takeColumn(Kind, length);
  return column.reused ? (column.column.fill(0) as T) : column.column;
}

/**
 * A column of `length` numbers of class `Kind` that the caller writes every one of (a copy, a
 * merged board, ranks): as `pooledColumn`, without zeroing a pooled buffer first. Its numbers
 * are a dropped column's until written. A network's 1 %-changed pull of 5 × 10,000 slots takes
 * ~3,300 columns, 103 MB, nearly all from the pool (`bench/networkPullProfile.ts`, 2026-11-30):
 * zeroed first, each was written twice.
 *
 * @example
 * const copy = columnToWrite(IntValueColumn, values.length);
 * copy.set(values); // every number written
 */
export function columnToWrite<T extends Int32Array | Float64Array>(Kind: ColumnClass<T>, length: number): T {
  return takeColumn(Kind, length).column;
}

function takeColumn<T extends Int32Array | Float64Array>(Kind: ColumnClass<T>, length: number): { column: T; reused: boolean } {
  const bytes = length * Kind.BYTES_PER_ELEMENT;
  if (bytes < POOLED_FROM) return { column: new Kind(length), reused: false };
  const size = Math.ceil(bytes / STEP) * STEP;
  asked += size;
  const buffer = free.get(size)?.pop();
  if (buffer !== undefined) freeBytes -= size;
  const column = new Kind(buffer ?? new ArrayBuffer(size), 0, length);
  dropped.register(column, column.buffer as ArrayBuffer);
  return { column, reused: buffer !== undefined };
}

/** A dropped column's buffer back into the pool, while the pool holds less than `budget`. */
function giveBack(buffer: ArrayBuffer): void {
  if (asked > 0) {
    // The first buffer after builds asked for columns: a new round of dropped ones.
    budget = Math.max(budget, asked);
    asked = 0;
  }
  const size = buffer.byteLength;
  if (size === 0 || freeBytes + size > budget) return;
  const list = free.get(size);
  if (list === undefined) free.set(size, [buffer]);
  else list.push(buffer);
  freeBytes += size;
}

/** Whether `buffer` waits in the pool for a next column (for tests). */
export function isPooled(buffer: ArrayBufferLike): boolean {
  return free.get(buffer.byteLength)?.includes(buffer as ArrayBuffer) ?? false;
}
