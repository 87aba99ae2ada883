import { QUOTE, COLON, COMMA, OPEN, CLOSE, MINUS, ZERO, NINE, skipSpace } from './json-chars.js';
import { packStatLists, type PackedStats, type StatLists, type StringTable } from './packed.js';
import { MAX_STAT_KEYS } from './read-limits.js';
import { NEWEST_STAT_RENAME } from './rename-stat-ids.js';

// A single-pass scanner for the shape the game writes into `stats/<uuid>.json` (1.13+):
//
//   { "stats": { "<type>": { "<id>": <integer>, … }, … }, "DataVersion": 4671 }
//
// compact or pretty-printed, packed as it is read. JSON.parse builds an object for every stat
// type of every file, each with its own set of keys: V8 makes hidden classes for those shapes
// as it goes, and a file parsed for the first time cost ~4× one parsed again (41 against 10 ms
// CPU for 100 players' files). Anything outside that grammar (an escape, a duplicate key, a
// fraction, a string or object where a count belongs, other top-level keys, a file old enough
// for its ids to be renamed…) makes the scanner give up and return null, and the caller parses
// the file with JSON.parse (`parseStatsFile`): the scanner only ever answers for files where the
// answer is the same.

/**
 * Types the scanner takes (the game writes 9): a file with more goes to the general path, which
 * refuses over `MAX_STAT_TYPES`; so the check for a duplicate type stays a short search.
 */
const SCANNED_TYPES = 64;

/** The lists one scan fills (reused: a worker scans file after file). */
const lists: StatLists = { typeIds: [], keyCounts: [], keyIds: [], values: [] };
/** Per string number, the scan (and type) that last saw it as a key: duplicates are JSON.parse's business. */
let seenAt = new Int32Array(1024);
let stamp = 0;

/** Marks string `id` as seen under the current stamp; false when it was already. */
function firstSight(id: number): boolean {
  if (id >= seenAt.length) {
    const grown = new Int32Array(Math.max(id + 1, seenAt.length * 2));
    grown.set(seenAt);
    seenAt = grown;
  }
  if (seenAt[id] === stamp) return false;
  seenAt[id] = stamp;
  return true;
}

/** A new stamp for `firstSight` (wrapping long before 2^31, with the marks cleared). */
function nextStamp(): void {
  if (++stamp === 0x3fffffff) {
    seenAt.fill(0);
    stamp = 1;
  }
}

/**
 * End of the string whose first character is at `i` (its closing quote), or -1 when it holds a
 * backslash or a control character (left to JSON.parse) or does not end.
 */
function stringEnd(text: string, i: number): number {
  const end = text.indexOf('"', i);
  if (end < 0) return -1;
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c < 32 || c === 92) return -1;
  }
  return end;
}

/** The key at `i` (a quote) as a string number, or -1: not a plain key (empty, index-like, `__proto__`, escaped). */
function keyAt(text: string, i: number, strings: StringTable): { id: number; next: number } | null {
  if (text.charCodeAt(i) !== QUOTE) return null;
  const end = stringEnd(text, i + 1);
  if (end <= i + 1) return null;
  const first = text.charCodeAt(i + 1);
  // An index-like key would come first in JSON.parse's object; `__proto__` is special: both its business.
  if (first >= ZERO && first <= NINE) return null;
  const key = text.slice(i + 1, end);
  if (key === '__proto__') return null;
  const next = skipSpace(text, end + 1);
  if (text.charCodeAt(next) !== COLON) return null;
  return { id: strings.id(key), next: skipSpace(text, next + 1) };
}

/**
 * The integer at `i` (optionally negative, at most 15 digits: exact as a double), or null for
 * anything else (a fraction, an exponent, a leading zero, a string…).
 */
function integerAt(text: string, i: number): { value: number; next: number } | null {
  const negative = text.charCodeAt(i) === MINUS;
  const start = negative ? i + 1 : i;
  let value = 0;
  let k = start;
  for (; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < ZERO || c > NINE) break;
    value = value * 10 + (c - ZERO);
  }
  const digits = k - start;
  if (digits === 0 || digits > 15 || (digits > 1 && text.charCodeAt(start) === ZERO)) return null;
  const after = text.charCodeAt(k);
  if (after === 46 || after === 101 || after === 69) return null; // . e E
  // -0 is a double of its own (packed as a float): JSON.parse's path handles it.
  if (negative && value === 0) return null;
  return { value: negative ? -value : value, next: k };
}

/** `{ "<id>": <integer>, … }` at `i` into the lists; the index after it, or -1. */
function scanCounters(text: string, i: number, strings: StringTable): number {
  if (text.charCodeAt(i) !== OPEN) return -1;
  nextStamp();
  let count = 0;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) !== CLOSE) {
    for (;;) {
      // Over the limit: the general path refuses the file before a string of it is kept.
      if (lists.keyIds.length >= MAX_STAT_KEYS) return -1;
      const key = keyAt(text, i, strings);
      if (key === null || !firstSight(key.id)) return -1;
      const number = integerAt(text, key.next);
      if (number === null) return -1;
      lists.keyIds.push(key.id);
      lists.values.push(number.value);
      count++;
      i = skipSpace(text, number.next);
      const next = text.charCodeAt(i);
      if (next === COMMA) i = skipSpace(text, i + 1);
      else if (next === CLOSE) break;
      else return -1;
    }
  }
  lists.keyCounts.push(count);
  return i + 1;
}

/** `{ "<type>": { … }, … }` at `i` into the lists; the index after it, or -1. */
function scanTypes(text: string, i: number, strings: StringTable): number {
  if (text.charCodeAt(i) !== OPEN) return -1;
  // The types' own duplicates, under a stamp of their own.
  const types: number[] = [];
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE) return i + 1;
  for (;;) {
    if (types.length >= SCANNED_TYPES) return -1;
    const key = keyAt(text, i, strings);
    if (key === null || types.includes(key.id)) return -1;
    types.push(key.id);
    lists.typeIds.push(key.id);
    i = scanCounters(text, key.next, strings);
    if (i < 0) return -1;
    i = skipSpace(text, i);
    const next = text.charCodeAt(i);
    if (next === COMMA) i = skipSpace(text, i + 1);
    else if (next === CLOSE) return i + 1;
    else return -1;
  }
}

/**
 * Scans the text of a 1.13+ `stats/<uuid>.json` and packs it against `strings`, as
 * `packStats(parseStatsFile(text), strings)` would; null when the text is not plainly in the
 * game's shape or needs more than packing (ids renamed since its `DataVersion`, over
 * `MAX_STAT_KEYS` counters): the caller then takes that path.
 *
 * @example
 * scanStatsFile('{"stats":{"minecraft:custom":{"minecraft:jump":42}},"DataVersion":4671}', strings);
 * // { data: Uint8Array […], dataVersion: 4671, legacy: false }
 */
export function scanStatsFile(text: string, strings: StringTable): PackedStats | null {
  lists.typeIds.length = 0;
  lists.keyCounts.length = 0;
  lists.keyIds.length = 0;
  lists.values.length = 0;
  let sawStats = false;
  let dataVersion: number | null = null;
  let sawDataVersion = false;
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN) return null;
  i = skipSpace(text, i + 1);
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return null;
    if (!sawStats && text.startsWith('"stats"', i)) {
      sawStats = true;
      i = skipSpace(text, i + 7);
      if (text.charCodeAt(i) !== COLON) return null;
      i = scanTypes(text, skipSpace(text, i + 1), strings);
      if (i < 0) return null;
    } else if (!sawDataVersion && text.startsWith('"DataVersion"', i)) {
      sawDataVersion = true;
      i = skipSpace(text, i + 13);
      if (text.charCodeAt(i) !== COLON) return null;
      const number = integerAt(text, skipSpace(text, i + 1));
      if (number === null) return null;
      dataVersion = number.value > 0 ? number.value : null;
      i = number.next;
    } else {
      return null; // another top-level key, or one seen twice
    }
    i = skipSpace(text, i);
    const next = text.charCodeAt(i);
    if (next === COMMA) i = skipSpace(text, i + 1);
    else if (next === CLOSE) break;
    else return null;
  }
  if (skipSpace(text, i + 1) !== text.length || !sawStats) return null;
  // Old ids to rename, or too many counters (refused with a reason): the general path.
  if (dataVersion !== null && dataVersion < NEWEST_STAT_RENAME) return null;
  return packStatLists(lists, dataVersion);
}
