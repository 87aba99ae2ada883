// A player's held advancements in 8 bytes an entry (`AdvancementRow`), and how every reader
// reads them whichever form they come in (`AdvancementEntries`): the compact row a build makes,
// or the flat stride-5 numbers a restored snapshot file (or a test) holds.
import type { ByteBlocks } from '../save/byte-blocks.js';
import { PLAYER_ADVANCEMENT_STRIDE } from './types.js';

/** The time word of an entry without a known time. */
const UNKNOWN_TIME = 0xffffffff;
const MAX_INDEX = 0xffff;
const MAX_OBTAINED = 0xff;
/** `required` is kept plus one in 7 bits (-1, unknown, as 0). */
const MAX_REQUIRED = 0x7e;

/**
 * Held advancements, two 32-bit words an entry (a stride-5 array of doubles took 40 bytes): the
 * first holds the advancement index (16 bits), `obtained` (8), `required` + 1 (7) and done (the
 * top bit), the second the time in whole seconds (the game writes seconds; `0xffffffff` unknown).
 * Entries that do not fit stay in the flat form (see `advancementEntries`). Written to JSON as
 * the flat stride-5 numbers, so a snapshot file reads back the same.
 */
export class AdvancementRow extends Uint32Array {
  /** The entries as flat stride-5 numbers (what `JSON.stringify` writes). */
  toJSON(): number[] {
    const count = this.length >>> 1;
    const flat = new Array<number>(count * PLAYER_ADVANCEMENT_STRIDE);
    for (let i = 0; i < count; i++) {
      const o = i * PLAYER_ADVANCEMENT_STRIDE;
      flat[o] = entryAdvancement(this, i);
      flat[o + 1] = entryDone(this, i) ? 1 : 0;
      flat[o + 2] = entryTime(this, i);
      flat[o + 3] = entryObtained(this, i);
      flat[o + 4] = entryRequired(this, i);
    }
    return flat;
  }
}

/** The row of a player without advancements, shared (never modified). */
const EMPTY_ROW = new AdvancementRow(0);

/**
 * `SnapshotPlayer.advancements`: completed ones newest first, then unfinished ones by latest
 * progress. Read it through `entryCount` and the `entry…` functions.
 */
export type AdvancementEntries = AdvancementRow | readonly number[];

/** Entries (advancements) in a row. */
export function entryCount(row: AdvancementEntries): number {
  return row instanceof AdvancementRow ? row.length >>> 1 : row.length / PLAYER_ADVANCEMENT_STRIDE;
}

/** Advancement index (into `snapshot.advancements`) of entry `i`. */
export function entryAdvancement(row: AdvancementEntries, i: number): number {
  return row instanceof AdvancementRow ? row[i * 2]! & MAX_INDEX : row[i * PLAYER_ADVANCEMENT_STRIDE]!;
}

/** Whether entry `i` is completed. */
export function entryDone(row: AdvancementEntries, i: number): boolean {
  return row instanceof AdvancementRow ? row[i * 2]! >>> 31 === 1 : row[i * PLAYER_ADVANCEMENT_STRIDE + 1] === 1;
}

/** Completion time of entry `i` (its latest criterion's when unfinished), epoch ms; -1 unknown. */
export function entryTime(row: AdvancementEntries, i: number): number {
  if (!(row instanceof AdvancementRow)) return row[i * PLAYER_ADVANCEMENT_STRIDE + 2]!;
  const seconds = row[i * 2 + 1]!;
  return seconds === UNKNOWN_TIME ? -1 : seconds * 1000;
}

/** Requirement groups met by entry `i`. */
export function entryObtained(row: AdvancementEntries, i: number): number {
  return row instanceof AdvancementRow ? (row[i * 2]! >>> 16) & MAX_OBTAINED : row[i * PLAYER_ADVANCEMENT_STRIDE + 3]!;
}

/** Requirement groups of entry `i`'s advancement; -1 unknown (datapack). */
export function entryRequired(row: AdvancementEntries, i: number): number {
  return row instanceof AdvancementRow ? ((row[i * 2]! >>> 24) & 0x7f) - 1 : row[i * PLAYER_ADVANCEMENT_STRIDE + 4]!;
}

/** The entries as flat stride-5 numbers, whatever the row's form (a snapshot file's form). */
export function flatEntries(row: AdvancementEntries): number[] {
  return row instanceof AdvancementRow ? row.toJSON() : [...row];
}

/** Completed entries come first in a row: how many there are. */
export function doneCount(row: AdvancementEntries): number {
  const count = entryCount(row);
  let i = 0;
  while (i < count && entryDone(row, i)) i++;
  return i;
}

/** Whether two rows hold the same entries (whatever their forms). */
export function sameEntries(a: AdvancementEntries, b: AdvancementEntries): boolean {
  if (a === b) return true;
  const count = entryCount(a);
  if (count !== entryCount(b)) return false;
  for (let i = 0; i < count; i++) {
    if (
      entryAdvancement(a, i) !== entryAdvancement(b, i) ||
      entryDone(a, i) !== entryDone(b, i) ||
      !Object.is(entryTime(a, i), entryTime(b, i)) ||
      entryObtained(a, i) !== entryObtained(b, i) ||
      entryRequired(a, i) !== entryRequired(b, i)
    ) {
      return false;
    }
  }
  return true;
}

/** Whether one flat stride-5 entry at `o` fits an `AdvancementRow`. */
function fits(flat: ArrayLike<number>, o: number): boolean {
  const index = flat[o]!;
  const done = flat[o + 1]!;
  const at = flat[o + 2]!;
  const obtained = flat[o + 3]!;
  const required = flat[o + 4]!;
  return (
    Number.isInteger(index) && index >= 0 && index <= MAX_INDEX &&
    (done === 0 || done === 1) &&
    (at === -1 || (Number.isInteger(at / 1000) && at >= 0 && at / 1000 < UNKNOWN_TIME)) &&
    Number.isInteger(obtained) && obtained >= 0 && obtained <= MAX_OBTAINED &&
    Number.isInteger(required) && required >= -1 && required <= MAX_REQUIRED
  );
}

/**
 * The first `count` flat stride-5 entries of `flat` as a compact `AdvancementRow`, or, when one
 * does not fit it (a time not in whole seconds, over a hundred requirement groups, …), as a plain
 * array of them. With `blocks`, the row is a view of a shared block (see `ByteBlocks`).
 */
export function advancementEntries(flat: ArrayLike<number>, count: number, blocks?: ByteBlocks): AdvancementEntries {
  let compact = true;
  for (let i = 0; i < count && compact; i++) compact = fits(flat, i * PLAYER_ADVANCEMENT_STRIDE);
  if (!compact) {
    // Preallocated and filled by index: V8 keeps the numbers unboxed.
    const plain = new Array<number>(count * PLAYER_ADVANCEMENT_STRIDE);
    for (let k = 0; k < plain.length; k++) plain[k] = flat[k]!;
    return plain;
  }
  if (count === 0) return EMPTY_ROW;
  let row: AdvancementRow;
  if (blocks === undefined) row = new AdvancementRow(count * 2);
  else {
    const { buffer, byteOffset } = blocks.reserve(count * 8, 4);
    row = new AdvancementRow(buffer, byteOffset, count * 2);
  }
  for (let i = 0; i < count; i++) {
    const o = i * PLAYER_ADVANCEMENT_STRIDE;
    const at = flat[o + 2]!;
    row[i * 2] = (flat[o]! | (flat[o + 3]! << 16) | ((flat[o + 4]! + 1) << 24) | (flat[o + 1]! << 31)) >>> 0;
    row[i * 2 + 1] = at === -1 ? UNKNOWN_TIME : at / 1000;
  }
  return row;
}
