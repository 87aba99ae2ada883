import { ByteReader } from './byte-reader.js';
import type { DayBlock } from './day-block.js';

/** The kind byte of a day frame (see `encodeDay`). */
export const KIND_DAY = 2;

/**
 * A day frame decoded flat: typed arrays over its rows and `[column, value]` pairs, no object per
 * row. Row `r`'s player is the file's uuid number `player[r]`; its first reading (when
 * `baseline[r]` is 1) is the pairs `start[2r]` to `start[2r + 1]`, its values the pairs
 * `start[2r + 1]` to `start[2r + 2]`. What reading a year of history goes through (`applyFlatDay`).
 */
export interface FlatDay {
  day: number;
  rows: number;
  player: Int32Array;
  baseline: Uint8Array;
  start: Int32Array;
  column: Int32Array;
  value: Float64Array;
}

/** An empty flat day, to decode into (its arrays grow as needed and are reused). */
export function emptyFlatDay(): FlatDay {
  return { day: 0, rows: 0, player: new Int32Array(0), baseline: new Uint8Array(0), start: new Int32Array(1), column: new Int32Array(0), value: new Float64Array(0) };
}

/** Room for `rows` rows and `pairs` pairs in `into` (kept when it has it). */
function room(into: FlatDay, rows: number, pairs: number): void {
  if (into.player.length < rows) {
    into.player = new Int32Array(rows);
    into.baseline = new Uint8Array(rows);
    into.start = new Int32Array(rows * 2 + 1);
  }
  if (into.column.length < pairs) {
    into.column = new Int32Array(pairs);
    into.value = new Float64Array(pairs);
  }
}

/** Reads one run of pairs (`writePairs`) into `into` from pair `at`; returns the pair after it. */
function readPairsInto(r: ByteReader, into: FlatDay, at: number, limit: number): number {
  const n = r.uint();
  if (at + n > limit) throw new RangeError('more pairs than the frame can hold');
  let column = 0;
  for (let i = 0; i < n; i++) {
    column += r.uint();
    into.column[at + i] = column;
    into.value[at + i] = r.int();
  }
  return at + n;
}

/**
 * Decodes a day frame's payload (see `encodeDay`) into `into` (reused: its arrays are
 * overwritten, and grown only when this frame needs more). `uuids` is the file's table so far,
 * extended in place with the ones the frame lists. Throws on a malformed frame (a row naming a
 * player the file never listed included).
 *
 * @example
 * const uuids: string[] = [];
 * const day = decodeFlatDay(encodeDay(block, new Map()), uuids);
 * day.rows; // block.rows.length
 */
export function decodeFlatDay(payload: Uint8Array, uuids: string[], into: FlatDay = emptyFlatDay()): FlatDay {
  const r = new ByteReader(payload);
  if (r.uint() !== KIND_DAY) throw new RangeError('not a day frame');
  into.day = r.uint();
  const fresh = r.uint();
  for (let i = 0; i < fresh; i++) uuids.push(r.text());
  const rows = r.uint();
  // Every row takes at least 3 bytes and every pair 2: bounds a damaged count, sizes the arrays.
  if (rows * 3 > payload.length) throw new RangeError('more rows than the frame can hold');
  const limit = payload.length >>> 1;
  room(into, rows, limit);
  let pair = 0;
  const players = uuids.length;
  for (let row = 0; row < rows; row++) {
    const player = r.uint();
    if (player >= players) throw new RangeError('a row names a player the file never listed');
    into.player[row] = player;
    const flags = r.uint();
    into.baseline[row] = flags & 1;
    into.start[row * 2] = pair;
    if (flags & 1) pair = readPairsInto(r, into, pair, limit);
    into.start[row * 2 + 1] = pair;
    pair = readPairsInto(r, into, pair, limit);
  }
  into.start[rows * 2] = pair;
  into.rows = rows;
  return into;
}

/** The flat form of a day block, its players numbered in a new table (`uuids`, filled). */
export function flatDayOf(block: DayBlock, uuids: string[]): FlatDay {
  const into = emptyFlatDay();
  const pairs = block.rows.reduce((n, row) => n + (row.baseline?.length ?? 0) / 2 + row.values.length / 2, 0);
  room(into, block.rows.length, pairs);
  into.day = block.day;
  const numbers = new Map<string, number>();
  let pair = 0;
  const put = (list: readonly number[]): void => {
    for (let i = 0; i < list.length; i += 2, pair++) {
      into.column[pair] = list[i]!;
      into.value[pair] = list[i + 1]!;
    }
  };
  block.rows.forEach((row, r) => {
    let n = numbers.get(row.uuid);
    if (n === undefined) {
      numbers.set(row.uuid, (n = numbers.size));
      uuids.push(row.uuid);
    }
    into.player[r] = n;
    into.baseline[r] = row.baseline ? 1 : 0;
    into.start[r * 2] = pair;
    if (row.baseline) put(row.baseline);
    into.start[r * 2 + 1] = pair;
    put(row.values);
  });
  into.start[block.rows.length * 2] = pair;
  into.rows = block.rows.length;
  return into;
}

/** A flat day back as a block, `uuids` being the file's table (see `decodeFlatDay`). */
export function blockOf(flat: FlatDay, uuids: readonly string[]): DayBlock {
  const pairs = (from: number, to: number): number[] => {
    const out: number[] = [];
    for (let i = from; i < to; i++) out.push(flat.column[i]!, flat.value[i]!);
    return out;
  };
  const rows = [];
  for (let r = 0; r < flat.rows; r++) {
    const uuid = uuids[flat.player[r]!]!;
    const { start } = flat;
    rows.push({ uuid, baseline: flat.baseline[r] ? pairs(start[r * 2]!, start[r * 2 + 1]!) : null, values: pairs(start[r * 2 + 1]!, start[r * 2 + 2]!) });
  }
  return { day: flat.day, rows };
}
