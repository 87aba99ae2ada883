import { ARRAY, FALSE, FLOAT, INT, MUL_A, MUL_B, NULL, OBJECT, OBJECT_END, SEED_A, SEED_B, STRING, TRUE } from './hash-words.js';
import { patchSums, plainSums, sums, typedSums } from './number-sums.js';
import { AdvancementRow } from './advancement-row.js';
import { HOLDER_TIME_UNKNOWN, HolderTimes } from './holder-times.js';

/** A fingerprint being fed: add values, then read the digest. */
export interface ContentHash {
  /** Mixes in a JSON-like value: null, boolean, number, string, array or plain object. */
  add(value: unknown): void;
  /** 16 hex digits. */
  digest(): string;
}

/** Two 32-bit lanes being fed. */
interface Lanes {
  a: number;
  b: number;
}

const scratch = new Float64Array(1);
const halves = new Uint32Array(scratch.buffer);

/**
 * Arrays of primitives and objects their builder promised never to change (`stableArray`,
 * `stableObject`), and their digests once computed: a snapshot rebuilt 15 minutes later shares
 * every unchanged player's profile and advancement row and hashes only the changed ones. Weak,
 * so the entries go with the values. (Not `Object.freeze`: V8 stores a frozen array of doubles
 * as boxed numbers, three times the memory.)
 */
const stableDigests = new WeakMap<object, Remembered | null>();

/** A remembered digest; for an array of numbers, also its element sums (`[a, b, sumA, sumB]`), which `patchedNumbers` corrects. */
type Remembered = readonly [number, number] | readonly [number, number, number, number];

/**
 * Marks an array of numbers, strings, booleans or nulls that will never be modified, so
 * `contentHash` computes its digest once and remembers it. Returns the array.
 *
 * @example
 * const row = stableArray([3, 1, 1700000000000, 2, 2]);
 */
export function stableArray<T extends readonly unknown[]>(array: T): T {
  if (!stableDigests.has(array)) stableDigests.set(array, null);
  return array;
}

/**
 * Marks a plain object (of JSON-like values) that will never be modified, nor anything in it,
 * so `contentHash` computes its digest once and remembers it: a rebuilt snapshot keeps every
 * player whose profile did not change as the same object. Returns the object.
 *
 * @example
 * const player = stableObject({ uuid, name, medals: [1, 0, 2] });
 */
export function stableObject<T extends object>(value: T): T {
  if (!stableDigests.has(value)) stableDigests.set(value, null);
  return value;
}

/** Stable arrays holding numbers only (`stableNumbers`): hashed from a typed copy. */
const numberArrays = new WeakSet<ArrayLike<number>>();

/**
 * `stableArray` for an array of numbers only (no holes, no other values), which lets
 * `contentHash` read it through a Float64Array copy made natively: one fast loop whatever
 * V8's representation of the array, and no feedback on the hash's own array loads (a load
 * site that has seen arrays of every kind slows down, and makes V8 generalise the arrays it
 * reads). The digest is the one `contentHash` gives any equal array.
 *
 * @example
 * const values = stableNumbers([0, 812, 3.5]);
 */
export function stableNumbers<T extends ArrayLike<number>>(array: T): T {
  if (!stableDigests.has(array)) stableDigests.set(array, null);
  numberArrays.add(array);
  return array;
}

/**
 * `stableNumbers` for `array`, a copy of `previous` (a `stableNumbers` array too) changed at the
 * distinct indices `at` only. Once `previous` was hashed, `array`'s digest is computed here from
 * `previous`'s and those indices alone (see `number-sums.ts`), instead of from every value when
 * it is hashed: a rebuilt snapshot's columns change at a few players each. Call it after the
 * changes are made. The digest is the one any equal array gets.
 *
 * @example
 * const values = previous.slice();
 * values[7] = 812;
 * patchedNumbers(values, previous, [7]);
 */
export function patchedNumbers<T extends ArrayLike<number>>(array: T, previous: ArrayLike<number>, at: readonly number[]): T {
  stableNumbers(array);
  const base = stableDigests.get(previous);
  if (base?.length === 4 && previous.length === array.length && array.length > 0) {
    patchSums(base[2], base[3], previous, array, at);
    sumsDigest(array.length);
    stableDigests.set(array, [digestA, digestB, sums[0]!, sums[1]!]);
  }
  return array;
}

/**
 * Arrays of objects marked by `keptElements`: each element's tag and digest once the array was
 * hashed (three words an element, filled by `arrayDigest`), and the array it was made from.
 */
const elementWords = new WeakMap<readonly unknown[], { words: Int32Array | null; previous: readonly unknown[] | undefined }>();

/**
 * Marks an array of objects that will never be modified, nor the objects in it, so `contentHash`
 * keeps each element's digest when it hashes it; given `previous` (an array marked so and hashed),
 * an element that is the very object `previous` held at the same index is mixed in from the digest
 * kept for it instead of being looked up again: a rebuilt snapshot's 10,000 players, nearly all
 * the last build's objects, cost a comparison each. The array's digest is the one any equal array
 * gets (a chain over every element, so it is still computed whole). Returns the array.
 *
 * @example
 * const players = keptElements(built, previousSnapshot?.players);
 */
export function keptElements<T extends readonly object[]>(array: T, previous?: readonly object[]): T {
  if (!elementWords.has(array)) elementWords.set(array, { words: null, previous });
  return array;
}

/** The digest of the last `arrayDigest` call (two words, to avoid allocating a pair per array). */
let digestA = 0;
let digestB = 0;

/**
 * A 64-bit structural hash of JSON-like data, as 16 hex digits: two independent 32-bit
 * multiply-xorshift lanes (cyrb53-style) fed with a type tag before each value and the length
 * of each string and array, so `["ab"]` and `["a","b"]` differ. Numbers are hashed by their bits
 * (an int32 as one word, any other number as its two float64 halves) and never turned into text.
 * An array or object is hashed on its own and mixed in as its 64-bit digest. A non-empty array
 * of numbers only is digested from the sums of its elements' hashes, each taken with its index
 * (see `number-sums.ts`), which `patchedNumbers` corrects for a few changed values. The digest
 * of an array or object marked with `stableArray`, `stableNumbers` or `stableObject` is
 * remembered, so the unchanged parts of a rebuilt snapshot cost nothing (the digest never
 * depends on that: a marked value and an equal plain one hash the same). Object keys
 * are hashed in insertion order, which the snapshot builder keeps fixed. Not cryptographic: a
 * stable fingerprint for ETags, the same on every runtime (pure JavaScript, so the core needs no
 * `node:crypto`).
 *
 * @example
 * const hash = contentHash();
 * hash.add({ a: [1, 2, 'x'] });
 * hash.digest(); // 16 hex digits, the same for the same input everywhere
 */
export function contentHash(): ContentHash {
  const lanes: Lanes = { a: SEED_A, b: SEED_B };
  return {
    add(value: unknown): void {
      mixValue(lanes, value);
    },
    digest(): string {
      finish(lanes.a, lanes.b);
      return hex(digestA) + hex(digestB);
    },
  };
}

function hex(word: number): string {
  return (word >>> 0).toString(16).padStart(8, '0');
}

/** Sets `digestA`/`digestB` from the final lane states. */
function finish(a: number, b: number): void {
  const x = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  digestB = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(x ^ (x >>> 13), 3266489909);
  digestA = x;
}

function mix(lanes: Lanes, word: number): void {
  lanes.a = Math.imul(lanes.a ^ word, MUL_A);
  lanes.b = Math.imul(lanes.b ^ word, MUL_B);
}

function mixValue(lanes: Lanes, value: unknown): void {
  if (value === null || value === undefined) return mix(lanes, NULL);
  switch (typeof value) {
    case 'boolean':
      return mix(lanes, value ? TRUE : FALSE);
    case 'number':
      if ((value | 0) === value) {
        mix(lanes, INT);
        return mix(lanes, value);
      }
      scratch[0] = value;
      mix(lanes, FLOAT);
      mix(lanes, halves[0]!);
      return mix(lanes, halves[1]!);
    case 'string':
      return mixString(lanes, value);
    case 'object':
      if (value instanceof AdvancementRow || value instanceof HolderTimes) {
        rowDigest(value);
        mix(lanes, ARRAY);
        mix(lanes, digestA);
        return mix(lanes, digestB);
      }
      if (value instanceof Float64Array || value instanceof Int32Array) {
        typedDigest(value);
        mix(lanes, ARRAY);
        mix(lanes, digestA);
        return mix(lanes, digestB);
      }
      if (Array.isArray(value)) {
        const known = stableDigests.get(value);
        if (known) {
          digestA = known[0];
          digestB = known[1];
        } else if (value.length > 0 && numberArrays.has(value)) {
          typedSums(copyOfNumbers(value as readonly number[]), numbersWords);
          sumsDigest(value.length);
          stableDigests.set(value, [digestA, digestB, sums[0]!, sums[1]!]);
        } else if (typeof value[0] === 'number' && plainSums(value)) {
          sumsDigest(value.length);
          if (known === null) stableDigests.set(value, [digestA, digestB, sums[0]!, sums[1]!]);
        } else {
          arrayDigest(value);
        }
        mix(lanes, ARRAY);
        mix(lanes, digestA);
        return mix(lanes, digestB);
      }
      {
        const known = stableDigests.get(value);
        if (known) {
          digestA = known[0];
          digestB = known[1];
        } else {
          objectDigest(value);
          if (known === null) stableDigests.set(value, [digestA, digestB]);
        }
        mix(lanes, OBJECT);
        mix(lanes, digestA);
        return mix(lanes, digestB);
      }
    default:
      throw new TypeError(`contentHash: cannot hash a ${typeof value}`);
  }
}

/**
 * Sets `digestA`/`digestB` for a `Float64Array` (a snapshot's value columns, read in place) or an
 * `Int32Array` (its boards and ranks, read from a float copy): the digest of an array of the same
 * numbers, remembered for a stable one.
 */
function typedDigest(value: Float64Array | Int32Array): void {
  const known = stableDigests.get(value);
  if (known) {
    digestA = known[0];
    digestB = known[1];
  } else if (value.length === 0) {
    arrayDigest([]);
  } else {
    if (value instanceof Float64Array) typedSums(value, new Int32Array(value.buffer, value.byteOffset, value.length * 2));
    else typedSums(copyOfNumbers(value), numbersWords);
    sumsDigest(value.length);
    if (known === null) stableDigests.set(value, [digestA, digestB, sums[0]!, sums[1]!]);
  }
}

/**
 * Sets `digestA`/`digestB` for an `AdvancementRow` or `HolderTimes`: the digest of the numbers
 * its JSON holds (an advancement row's flat stride-5 numbers, completion times in epoch ms: what
 * they were before they were compact), remembered for a stable one.
 */
function rowDigest(row: AdvancementRow | HolderTimes): void {
  const known = stableDigests.get(row);
  if (known) {
    digestA = known[0];
    digestB = known[1];
    return;
  }
  if (row.length === 0) arrayDigest([]);
  else if (row instanceof HolderTimes) {
    // The epoch ms, written straight into the copy (no array of them made).
    const ms = copyOfNumbers(row);
    for (let i = 0; i < ms.length; i++) ms[i] = ms[i] === HOLDER_TIME_UNKNOWN ? -1 : ms[i]! * 1000;
    typedSums(ms, numbersWords);
    sumsDigest(ms.length);
  } else {
    const flat = row.toJSON();
    typedSums(copyOfNumbers(flat), numbersWords);
    sumsDigest(flat.length);
  }
  if (known === null) stableDigests.set(row, [digestA, digestB]);
}

/** Hashes an object's keys (in insertion order) and values on fresh lanes into `digestA`/`digestB`. */
function objectDigest(value: object): void {
  const lanes: Lanes = { a: SEED_A, b: SEED_B };
  // Keys and values read by two builtins: a computed `value[key]` over objects of every
  // shape is a slow keyed load, ~160,000 times a build at 10,000 players.
  const keys = Object.keys(value);
  const values = Object.values(value);
  for (let i = 0; i < keys.length; i++) {
    mixKey(lanes, keys[i]!);
    mixValue(lanes, values[i]); // may run a nested digest: the lanes are local, the result is read after
  }
  mix(lanes, OBJECT_END);
  finish(lanes.a, lanes.b);
}

/**
 * Digests of object keys. A snapshot repeats the same few dozen keys hundreds of thousands of
 * times (every player's `uuid`, `name`, …): each is hashed once, then mixed in as its digest.
 * The digest is what is mixed whether or not it was remembered, so the bound changes nothing.
 */
const keyDigests = new Map<string, readonly [number, number]>();
const MAX_KEYS = 4096;
const KEY = 0x3a;
/** Mixed into the digest of an array of numbers only, whose lanes are sums rather than a chain. */
const NUMBERS = 0x4e554d53;

function mixKey(lanes: Lanes, key: string): void {
  let known = keyDigests.get(key);
  if (known === undefined) {
    const fresh: Lanes = { a: SEED_A, b: SEED_B };
    mixString(fresh, key);
    finish(fresh.a, fresh.b);
    known = [digestA, digestB];
    if (keyDigests.size < MAX_KEYS) keyDigests.set(key, known);
  }
  lanes.a = Math.imul(Math.imul(Math.imul(lanes.a ^ KEY, MUL_A) ^ known[0], MUL_A) ^ known[1], MUL_A);
  lanes.b = Math.imul(Math.imul(Math.imul(lanes.b ^ KEY, MUL_B) ^ known[0], MUL_B) ^ known[1], MUL_B);
}

function mixString(lanes: Lanes, value: string): void {
  let a = Math.imul(lanes.a ^ STRING, MUL_A);
  let b = Math.imul(lanes.b ^ STRING, MUL_B);
  a = Math.imul(a ^ value.length, MUL_A);
  b = Math.imul(b ^ value.length, MUL_B);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    a = Math.imul(a ^ c, MUL_A);
    b = Math.imul(b ^ c, MUL_B);
  }
  lanes.a = a;
  lanes.b = b;
}

/**
 * Hashes an array on fresh lanes into `digestA`/`digestB`, value after value: any mix of values.
 * Non-empty arrays of numbers only (nearly everything in a snapshot: millions of them) are
 * digested from their element sums instead (`sumsDigest`).
 */
function arrayDigest(array: readonly unknown[]): void {
  const kept = elementWords.get(array);
  if (kept !== undefined) return keptArrayDigest(array, kept);
  const stable = stableDigests.has(array);
  const lanes = arrayLanes(array.length);
  let primitives = true;
  for (let i = 0; i < array.length; i++) {
    const v = array[i];
    if (typeof v === 'number') {
      mixNumber(lanes, v);
      continue;
    }
    if (v !== null && typeof v === 'object') primitives = false;
    mixValue(lanes, v); // may run a nested arrayDigest: the lanes are local, the result is read after
  }
  finish(lanes.a, lanes.b);
  if (stable && primitives) stableDigests.set(array, [digestA, digestB]);
}

/**
 * `arrayDigest` of an array marked by `keptElements`: the same chain, each object element mixed
 * in as its tag and digest, taken from `previous`'s words where it is the same object at the
 * same index, and kept in the array's own words for the next array made from it.
 */
function keptArrayDigest(array: readonly unknown[], kept: { words: Int32Array | null; previous: readonly unknown[] | undefined }): void {
  const before = kept.previous === undefined ? undefined : elementWords.get(kept.previous);
  const from = before?.words ?? null;
  const previous = from === null ? null : kept.previous!;
  const words = kept.words ?? new Int32Array(3 * array.length);
  const lanes = arrayLanes(array.length);
  for (let i = 0; i < array.length; i++) {
    const v = array[i];
    if (v === null || typeof v !== 'object') {
      mixValue(lanes, v);
      words[3 * i] = 0;
      continue;
    }
    let tag: number;
    if (previous !== null && i < previous.length && previous[i] === v && from![3 * i] !== 0) {
      tag = from![3 * i]!;
      digestA = from![3 * i + 1]!;
      digestB = from![3 * i + 2]!;
    } else {
      mixValue(emptyLanes, v); // sets digestA/digestB to the element's digest
      // The tag `mixValue` put before that digest.
      tag = v instanceof AdvancementRow || v instanceof HolderTimes || v instanceof Float64Array || v instanceof Int32Array || Array.isArray(v) ? ARRAY : OBJECT;
    }
    words[3 * i] = tag;
    words[3 * i + 1] = digestA;
    words[3 * i + 2] = digestB;
    mix(lanes, tag);
    mix(lanes, digestA);
    mix(lanes, digestB);
  }
  kept.words = words;
  finish(lanes.a, lanes.b);
}

/** Lanes an element's digest is computed through when only the digest is wanted (their state is never read). */
const emptyLanes: Lanes = { a: SEED_A, b: SEED_B };

/** The typed copy `stableNumbers` arrays are hashed from: one buffer, grown as needed, and its 32-bit words. */
let numbersCopy = new Float64Array(1024);
let numbersWords = new Int32Array(numbersCopy.buffer);

/** `array` copied into `numbersCopy` (natively: `set` takes any array of numbers as it is stored). */
function copyOfNumbers(array: ArrayLike<number>): Float64Array {
  if (numbersCopy.length < array.length) {
    numbersCopy = new Float64Array(Math.max(array.length, numbersCopy.length * 2));
    numbersWords = new Int32Array(numbersCopy.buffer);
  }
  numbersCopy.set(array);
  return numbersCopy.subarray(0, array.length);
}

/**
 * Mixes one number into the lanes: an int32 as one word, any other number as its two halves,
 * after a tag telling them apart (a number inside an array of other values too).
 */
function mixNumber(lanes: Lanes, v: number): void {
  if ((v | 0) === v) {
    lanes.a = Math.imul(Math.imul(lanes.a ^ INT, MUL_A) ^ v, MUL_A);
    lanes.b = Math.imul(Math.imul(lanes.b ^ INT, MUL_B) ^ v, MUL_B);
    return;
  }
  scratch[0] = v;
  const lo = halves[0]!;
  const hi = halves[1]!;
  lanes.a = Math.imul(Math.imul(Math.imul(lanes.a ^ FLOAT, MUL_A) ^ lo, MUL_A) ^ hi, MUL_A);
  lanes.b = Math.imul(Math.imul(Math.imul(lanes.b ^ FLOAT, MUL_B) ^ lo, MUL_B) ^ hi, MUL_B);
}

/** Fresh lanes for an array of `n` values. */
function arrayLanes(n: number): Lanes {
  return { a: Math.imul(SEED_A ^ n, MUL_A), b: Math.imul(SEED_B ^ n, MUL_B) };
}

/**
 * Sets `digestA`/`digestB` for an array of `n` numbers whose element sums are in `sums` (see
 * `number-sums.ts`).
 */
function sumsDigest(n: number): void {
  const a = Math.imul(Math.imul(SEED_A ^ n, MUL_A) ^ sums[0]!, MUL_A);
  const b = Math.imul(Math.imul(SEED_B ^ n, MUL_B) ^ sums[1]!, MUL_B);
  finish(a ^ NUMBERS, b ^ NUMBERS);
}
