import { ByteReader } from './byte-reader.js';
import { ByteWriter } from './byte-writer.js';
import { blockOf, decodeFlatDay, KIND_DAY } from './flat-day.js';

/**
 * One player's line of a server day: the first reading (when the player was first seen that
 * day) and the values at the day's end of the statistics that changed since the player's
 * previous entry. Pairs are flat: `[statColumn, value, statColumn, value, …]`, columns ascending.
 */
export interface DayRow {
  uuid: string;
  /** Every non-zero value of the first reading, or null when the player was seen before. */
  baseline: number[] | null;
  /** The day-end values that differ from the previous entry (or from `baseline`). */
  values: number[];
}

/** A server day of the stat history: a local date (days since 1970-01-01) and its rows. */
export interface DayBlock {
  day: number;
  rows: DayRow[];
}

export const HISTORY_FORMAT = 'blockstats-stat-history';
export const HISTORY_VERSION = 1;
const KIND_HEADER = 1;

/** The first frame of every file: the format and the stat ids its columns refer to. */
export function encodeHeader(stats: readonly string[]): Uint8Array {
  const w = new ByteWriter();
  w.uint(KIND_HEADER);
  w.text(JSON.stringify({ format: HISTORY_FORMAT, version: HISTORY_VERSION, stats }));
  return w.bytes().slice();
}

/** The stat ids of a header frame, or a reason it is not one this version reads. */
export function decodeHeader(payload: Uint8Array): { stats: string[] } | { error: string } {
  try {
    const r = new ByteReader(payload);
    if (r.uint() !== KIND_HEADER) return { error: 'the first frame is not a header' };
    const header = JSON.parse(r.text()) as { format?: unknown; version?: unknown; stats?: unknown };
    if (header.format !== HISTORY_FORMAT || header.version !== HISTORY_VERSION) return { error: `not a ${HISTORY_FORMAT} v${HISTORY_VERSION} file` };
    if (!Array.isArray(header.stats) || !header.stats.every((s) => typeof s === 'string')) return { error: 'the header lists no stat ids' };
    return { stats: header.stats as string[] };
  } catch (error) {
    return { error: `unreadable header (${(error as Error).message})` };
  }
}

/** Writes `[column, value, …]` pairs: a count, then column steps and zigzag values. */
export function writePairs(w: ByteWriter, pairs: readonly number[]): void {
  w.uint(pairs.length / 2);
  let previous = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    w.uint(pairs[i]! - previous);
    previous = pairs[i]!;
    w.int(pairs[i + 1]!);
  }
}

/** Reads what `writePairs` wrote. */
export function readPairs(r: ByteReader): number[] {
  const n = r.uint();
  const pairs = new Array<number>(n * 2);
  let column = 0;
  for (let i = 0; i < n; i++) {
    column += r.uint();
    pairs[i * 2] = column;
    pairs[i * 2 + 1] = r.int();
  }
  return pairs;
}

/**
 * A day as a frame payload. Uuids are interned per file: `table` (the file's uuid → number,
 * updated in place) lists the ones written before, and new ones are written in this frame.
 *
 * @example
 * const table = new Map<string, number>();
 * encodeDay({ day: 20_000, rows: [{ uuid: 'u', baseline: null, values: [0, 5] }] }, table);
 */
export function encodeDay(block: DayBlock, table: Map<string, number>): Uint8Array {
  const w = new ByteWriter();
  w.uint(KIND_DAY);
  w.uint(block.day);
  const fresh = block.rows.filter((row) => !table.has(row.uuid)).map((row) => row.uuid);
  w.uint(fresh.length);
  for (const uuid of fresh) {
    table.set(uuid, table.size);
    w.text(uuid);
  }
  w.uint(block.rows.length);
  for (const row of block.rows) {
    w.uint(table.get(row.uuid)!);
    w.uint(row.baseline ? 1 : 0);
    if (row.baseline) writePairs(w, row.baseline);
    writePairs(w, row.values);
  }
  return w.bytes().slice();
}

/**
 * Reads a day frame; `uuids` is the file's table so far (extended in place). Throws on a
 * malformed frame. A block of objects: reading many days goes flat (`decodeFlatDay`).
 */
export function decodeDay(payload: Uint8Array, uuids: string[]): DayBlock {
  return blockOf(decodeFlatDay(payload, uuids), uuids);
}
