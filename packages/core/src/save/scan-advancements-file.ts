import { QUOTE, COLON, COMMA, OPEN, CLOSE, skipSpace } from './json-chars.js';
import { parseGameTime } from './parse-game-time.js';
import type { AdvancementsFileSummary } from './parse-advancements-file.js';
import type { AdvancementProgress } from './types.js';

// A single-pass scanner for the shape the game writes into `advancements/<uuid>.json`:
//
//   { "<id>": { "criteria": { "<name>": "<time>", … }, "done": true|false }, …, "DataVersion": 4671 }
//
// compact or pretty-printed. A 1.21 file holds ~1,600 recipe unlocks of which the reader keeps
// only a count and the earliest time; JSON.parse would build three objects and a string for each
// of them first. Anything outside that grammar (an escape, a duplicate key, an array, a number
// where a time belongs, a control character in a string, trailing data…) makes the scanner give
// up and return null, and the caller parses the file with JSON.parse instead: the scanner only
// ever answers for files where the answer is the same.

/** Slots of the open-addressing set of top-level key hashes (duplicate detection). */
const HASH_SLOTS = 8192;

/**
 * Finds string ends with native `indexOf`. Backslashes and control characters other than
 * JSON whitespace were ruled out for the whole text up front; a newline, carriage return or tab
 * inside a string (invalid JSON) is caught by tracking the next one of each in the text.
 *
 * Each of the three is searched for on its own, forward only: a pretty-printed file has a newline
 * every few dozen characters and usually no carriage return or tab at all, and searching for all
 * three again at every newline passed scanned the rest of the text each time (quadratic: a
 * 174 KB file of a 1.19 server took 12.5 ms instead of 2.5).
 */
class StringEnds {
  private nextLf: number;
  private nextCr: number;
  private nextTab: number;
  constructor(private readonly text: string) {
    this.nextLf = this.find('\n', 0);
    this.nextCr = this.find('\r', 0);
    this.nextTab = this.find('\t', 0);
  }

  /** Index of the first `c` at or after `from`, or Infinity: never searched for again. */
  private find(c: string, from: number): number {
    const at = this.text.indexOf(c, from);
    return at < 0 ? Number.POSITIVE_INFINITY : at;
  }

  /** Index of the closing quote of the string whose first character is at `i`, or -1. */
  end(i: number): number {
    const end = this.text.indexOf('"', i);
    if (end < 0) return -1;
    if (this.nextLf < i) this.nextLf = this.find('\n', i);
    if (this.nextCr < i) this.nextCr = this.find('\r', i);
    if (this.nextTab < i) this.nextTab = this.find('\t', i);
    return this.nextLf < end || this.nextCr < end || this.nextTab < end ? -1 : end;
  }
}

/**
 * A 31-bit FNV-1a hash of text[start, end). Never 0, so 0 marks an empty slot; two keys with the
 * same hash (a duplicate key, or rarely a collision) send the file to JSON.parse.
 */
function keyHash(text: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h & 0x7fffffff) || 1;
}

/** Distinct advancement ids kept as their own strings (see `ownId`); bounded against odd saves. */
const ids = new Map<string, string>();
const MAX_IDS = 65_536;

/**
 * The id as a string of its own. A slice of the file text would keep the whole text (~100 KB)
 * alive for as long as the summary lives, i.e. in the parse cache; ids repeat across players,
 * so each distinct one is copied once and shared.
 */
function ownId(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  const known = ids.get(slice);
  if (known !== undefined) return known;
  // JSON round trip: a fresh flat string, not a view into `text`.
  const own = JSON.parse(JSON.stringify(slice)) as string;
  if (ids.size < MAX_IDS) ids.set(own, own);
  return own;
}

/**
 * Scans an advancements file; null when it is not plainly in the game's shape (the caller then
 * uses JSON.parse, which also reports invalid JSON).
 *
 * @example
 * scanAdvancementsFile('{"minecraft:recipes/misc/charcoal":{"criteria":{"has_log":"2024-05-01 18:03:22 +0200"},"done":true},"DataVersion":4671}');
 * // { advancements: [], dataVersion: 4671, recipes: { count: 1, earliest: 1714579402000 }, skipped: 0 }
 */
export function scanAdvancementsFile(text: string): AdvancementsFileSummary | null {
  const advancements: AdvancementProgress[] = [];
  let recipeCount = 0;
  let recipeEarliest: number | null = null;
  let dataVersion: number | null = null;
  let sawDataVersion = false;
  let lastTime = '';
  let lastAt: number | null = null;
  // Top-level keys seen, as hashes: JSON.parse keeps the last of duplicate keys, so a file with
  // one (or a hash collision) is left to it.
  const seen = new Int32Array(HASH_SLOTS);
  let keys = 0;

  // Escapes and raw control characters (invalid JSON unless whitespace) are JSON.parse's business.
  if (text.includes('\\') || /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) return null;
  const strings = new StringEnds(text);

  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN) return null;
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === CLOSE) {
    i = skipSpace(text, i + 1);
    return i === text.length ? { advancements, dataVersion, recipes: { count: 0, earliest: null }, skipped: 0 } : null;
  }

  for (;;) {
    // "<id>":
    if (text.charCodeAt(i) !== QUOTE) return null;
    const idStart = i + 1;
    const idEnd = strings.end(idStart);
    if (idEnd < 0 || idEnd === idStart) return null;
    // An array-index key would be reordered first by JSON.parse; `__proto__` is special: leave both to it.
    const first = text.charCodeAt(idStart);
    if (first >= 48 && first <= 57) return null;
    if (first === 95 && text.startsWith('__proto__"', idStart)) return null;
    if (++keys > HASH_SLOTS / 2) return null;
    const slot = keyHash(text, idStart, idEnd);
    for (let probe = slot & (HASH_SLOTS - 1); ; probe = (probe + 1) & (HASH_SLOTS - 1)) {
      if (seen[probe] === 0) {
        seen[probe] = slot;
        break;
      }
      if (seen[probe] === slot) return null; // duplicate key, or a collision: JSON.parse decides
    }
    i = skipSpace(text, idEnd + 1);
    if (text.charCodeAt(i) !== COLON) return null;
    i = skipSpace(text, i + 1);

    if (idEnd - idStart === 11 && text.startsWith('DataVersion"', idStart)) {
      // A plain non-negative integer; anything else (fractions, exponents, strings) goes to JSON.parse.
      const start = i;
      let value = 0;
      while (i < text.length) {
        const c = text.charCodeAt(i) - 48;
        if (c < 0 || c > 9) break;
        value = value * 10 + c;
        i++;
      }
      if (i === start || i - start > 15 || (text.charCodeAt(start) === 48 && i - start > 1)) return null;
      const after = text.charCodeAt(i);
      if (after === 46 || after === 101 || after === 69) return null;
      sawDataVersion = true;
      dataVersion = value > 0 ? value : null;
    } else {
      // { "criteria": { … }, "done": true|false } in either order, each at most once.
      if (text.charCodeAt(i) !== OPEN) return null;
      const colon = text.indexOf(':', idStart);
      const recipe = text.startsWith('recipes/', colon >= 0 && colon < idEnd ? colon + 1 : idStart);
      let done: boolean | null = null;
      let criteriaSeen = false;
      let criteria: Record<string, number> | null = recipe ? null : {};
      let names: string[] | null = null;
      let firstName = -1;
      let firstNameEnd = -1;
      let latest: number | null = null;
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) !== CLOSE) {
        for (;;) {
          if (text.charCodeAt(i) !== QUOTE) return null;
          const keyStart = i + 1;
          const keyEnd = strings.end(keyStart);
          if (keyEnd < 0) return null;
          i = skipSpace(text, keyEnd + 1);
          if (text.charCodeAt(i) !== COLON) return null;
          i = skipSpace(text, i + 1);
          if (keyEnd - keyStart === 4 && text.startsWith('done"', keyStart)) {
            if (done !== null) return null;
            if (text.startsWith('true', i)) {
              done = true;
              i += 4;
            } else if (text.startsWith('false', i)) {
              done = false;
              i += 5;
            } else {
              return null;
            }
          } else if (keyEnd - keyStart === 8 && text.startsWith('criteria"', keyStart)) {
            if (criteriaSeen || text.charCodeAt(i) !== OPEN) return null;
            criteriaSeen = true;
            i = skipSpace(text, i + 1);
            if (text.charCodeAt(i) !== CLOSE) {
              for (;;) {
                if (text.charCodeAt(i) !== QUOTE) return null;
                const nameStart = i + 1;
                const nameEnd = strings.end(nameStart);
                if (nameEnd < 0) return null;
                i = skipSpace(text, nameEnd + 1);
                if (text.charCodeAt(i) !== COLON) return null;
                i = skipSpace(text, i + 1);
                if (text.charCodeAt(i) !== QUOTE) return null;
                const timeEnd = strings.end(i + 1);
                if (timeEnd < 0) return null;
                // Consecutive recipes are mostly unlocked in the same second.
                let at = lastAt;
                if (timeEnd - i - 1 !== lastTime.length || !text.startsWith(lastTime, i + 1)) {
                  lastTime = text.slice(i + 1, timeEnd);
                  at = lastAt = parseGameTime(lastTime);
                }
                // A time the game would not write: leave the file to the general path.
                if (at === null) return null;
                if (recipe) {
                  // JSON.parse keeps only the last of duplicate names: compare names once a
                  // recipe has more than one criterion (almost none has).
                  if (firstName < 0) {
                    firstName = nameStart;
                    firstNameEnd = nameEnd;
                  } else {
                    names ??= [text.slice(firstName, firstNameEnd)];
                    const name = text.slice(nameStart, nameEnd);
                    if (names.includes(name)) return null;
                    names.push(name);
                  }
                  if (recipeEarliest === null || at < recipeEarliest) recipeEarliest = at;
                } else {
                  const name = text.slice(nameStart, nameEnd);
                  // Duplicate names or index-like names (reordered by objects): the general path.
                  if (name === '__proto__' || (names ??= []).includes(name)) return null;
                  const c = name.charCodeAt(0);
                  if (c >= 48 && c <= 57) return null;
                  names.push(name);
                  (criteria as Record<string, number>)[name] = at;
                  if (latest === null || at > latest) latest = at;
                }
                i = skipSpace(text, timeEnd + 1);
                const next = text.charCodeAt(i);
                if (next === COMMA) {
                  i = skipSpace(text, i + 1);
                } else if (next === CLOSE) {
                  break;
                } else {
                  return null;
                }
              }
            }
            i++;
          } else {
            return null; // another key inside an entry: not the game's shape
          }
          i = skipSpace(text, i);
          const next = text.charCodeAt(i);
          if (next === COMMA) {
            i = skipSpace(text, i + 1);
          } else if (next === CLOSE) {
            break;
          } else {
            return null;
          }
        }
      }
      i++;
      // `done` defaults to true, as in the game.
      const isDone = done !== false;
      if (recipe) {
        if (isDone) recipeCount++;
      } else {
        advancements.push({ id: ownId(text, idStart, idEnd), done: isDone, criteria: criteria as Record<string, number>, doneAt: isDone ? latest : null });
      }
    }

    i = skipSpace(text, i);
    const next = text.charCodeAt(i);
    if (next === COMMA) {
      i = skipSpace(text, i + 1);
    } else if (next === CLOSE) {
      i = skipSpace(text, i + 1);
      if (i !== text.length) return null;
      break;
    } else {
      return null;
    }
  }
  if (!sawDataVersion) dataVersion = null;
  return { advancements, dataVersion, recipes: { count: recipeCount, earliest: recipeEarliest }, skipped: 0 };
}
