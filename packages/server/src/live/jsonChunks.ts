/** Options of {@link jsonChunks}. */
export interface JsonChunksOptions {
  /**
   * Typed-array classes whose `toJSON` writes each element on its own (as a plain array of
   * numbers, element `i` from element `i` alone): one longer than {@link SLICE} elements is
   * written a slice at a time (`subarray(…).toJSON()`), at any depth, so neither its whole array
   * of numbers nor its whole text is ever made.
   */
  columns?: ReadonlyArray<abstract new (...args: never[]) => object>;
}

/**
 * Elements written at once of a long array or column: each slice's array and text (≤ ~60 KB)
 * die young, where a 50,000-player column's (~400 KB each) went straight to V8's old generation
 * and stayed there until a full collection.
 */
export const SLICE = 4096;

type Column = { readonly length: number; subarray(begin: number, end: number): { toJSON(): unknown } };

/**
 * `JSON.stringify(value)` in pieces: objects and arrays down to `depth` levels are written
 * member by member, anything deeper is stringified whole, unless it is an object holding a long
 * array or column (see `options.columns`), which is opened too; long columns, and long arrays
 * below `depth`, are written in slices of {@link SLICE} elements. Joined, the pieces are exactly
 * `JSON.stringify(value)` for plain data (no `toJSON` above `depth` but the columns', which are
 * called without a key). Large values (a 10k-player snapshot is ~35 MB of JSON) can then be
 * written to a file without one string of the whole text, plus its encoded copy, in memory at once.
 */
export function* jsonChunks(value: unknown, depth: number, options: JsonChunksOptions = {}): Generator<string> {
  yield* chunks(value, depth, options.columns ?? []);
}

function* chunks(value: unknown, depth: number, columns: NonNullable<JsonChunksOptions['columns']>): Generator<string> {
  if (typeof value !== 'object' || value === null) {
    // As JSON.stringify inside an array: what has no JSON form becomes null.
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  // A long column at any depth; a long plain array where it would otherwise be stringified whole.
  if (isLong(value, columns) && (depth <= 0 || !Array.isArray(value))) {
    yield* slices(value as Column | unknown[], Array.isArray(value));
    return;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function' || (depth <= 0 && !holdsLong(value, columns))) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* chunks(value[i], depth - 1, columns);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    // As JSON.stringify: members without a JSON form are left out of objects.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* chunks(member, depth - 1, columns);
  }
  yield '}';
}

/** A plain array, or a column of `columns`, longer than a slice. */
function isLong(value: object, columns: NonNullable<JsonChunksOptions['columns']>): boolean {
  if (Array.isArray(value)) return value.length > SLICE;
  return columns.some((column) => value instanceof column) && (value as Column).length > SLICE;
}

/** Whether a plain object has a long array or column as a member (then it is opened, whatever the depth). */
function holdsLong(value: object, columns: NonNullable<JsonChunksOptions['columns']>): boolean {
  if (Array.isArray(value) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null && isLong(member, columns)) return true;
  }
  return false;
}

/** A long array or column, {@link SLICE} elements at a time (each slice's text without its brackets). */
function* slices(value: Column | unknown[], plain: boolean): Generator<string> {
  yield '[';
  for (let i = 0; i < value.length; i += SLICE) {
    const end = Math.min(value.length, i + SLICE);
    const part = plain ? (value as unknown[]).slice(i, end) : (value as Column).subarray(i, end).toJSON();
    const text = JSON.stringify(part);
    yield i === 0 ? text.slice(1, -1) : `,${text.slice(1, -1)}`;
  }
  yield ']';
}
