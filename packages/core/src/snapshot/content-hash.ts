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

const SEED_A = 0xdeadbeef;
const SEED_B = 0x41c6ce57;
const MUL_A = 2654435761;
const MUL_B = 1597334677;
/** Type tags, mixed in before each value so `["ab"]`, `["a","b"]`, `1` and `"1"` differ. */
const NULL = 0x6e;
const TRUE = 0x74;
const FALSE = 0x66;
const INT = 0x23;
const FLOAT = 0x2e;
const STRING = 0x22;
const ARRAY = 0x5b;
const OBJECT = 0x7b;
const OBJECT_END = 0x7d;

const scratch = new Float64Array(1);
const halves = new Uint32Array(scratch.buffer);

/**
 * Arrays of primitives their builder promised never to change (`stableArray`), and their digests
 * once computed: a snapshot rebuilt 15 minutes later shares every unchanged player's advancement
 * row (from the builder's row cache) and hashes only the changed ones. Weak, so the entries go
 * with the arrays. (Not `Object.freeze`: V8 stores a frozen array of doubles as boxed numbers,
 * three times the memory.)
 */
const stableDigests = new WeakMap<readonly unknown[], readonly [number, number] | null>();

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

/** Stable arrays holding numbers only (`stableNumbers`): hashed from a typed copy. */
const numberArrays = new WeakSet<readonly unknown[]>();

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
export function stableNumbers<T extends readonly number[]>(array: T): T {
  numberArrays.add(stableArray(array));
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
 * An array is hashed on its own and mixed in as its 64-bit digest; the digest of an array marked
 * with `stableArray` is remembered, so the unchanged rows of a rebuilt snapshot cost nothing (the
 * digest never depends on that: a marked array and an equal plain one hash the same). Object keys
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
      if (Array.isArray(value)) {
        const known = stableDigests.get(value);
        if (known) {
          digestA = known[0];
          digestB = known[1];
        } else if (numberArrays.has(value)) {
          typedDigest(copyOfNumbers(value as readonly number[]));
          stableDigests.set(value, [digestA, digestB]);
        } else if (typeof value[0] === 'number' && numbersDigest(value)) {
          if (known === null) stableDigests.set(value, [digestA, digestB]);
        } else {
          arrayDigest(value);
        }
        mix(lanes, ARRAY);
        mix(lanes, digestA);
        return mix(lanes, digestB);
      }
      {
        mix(lanes, OBJECT);
        // Keys and values read by two builtins: a computed `value[key]` over objects of every
        // shape is a slow keyed load, ~160,000 times a build at 10,000 players.
        const keys = Object.keys(value);
        const values = Object.values(value);
        for (let i = 0; i < keys.length; i++) {
          mixKey(lanes, keys[i]!);
          mixValue(lanes, values[i]);
        }
      }
      return mix(lanes, OBJECT_END);
    default:
      throw new TypeError(`contentHash: cannot hash a ${typeof value}`);
  }
}

/**
 * Digests of object keys. A snapshot repeats the same few dozen keys hundreds of thousands of
 * times (every player's `uuid`, `name`, …): each is hashed once, then mixed in as its digest.
 * The digest is what is mixed whether or not it was remembered, so the bound changes nothing.
 */
const keyDigests = new Map<string, readonly [number, number]>();
const MAX_KEYS = 4096;
const KEY = 0x3a;

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
 * Hashes an array on fresh lanes into `digestA`/`digestB`: any mix of values. Arrays of numbers
 * only (nearly everything in a snapshot: millions of them) go through `numbersDigest` or
 * `typedDigest` instead, whose loops stay fast.
 */
function arrayDigest(array: readonly unknown[]): void {
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

/** The typed copy `stableNumbers` arrays are hashed from: one buffer, grown as needed, and its 32-bit words. */
let numbersCopy = new Float64Array(1024);
let numbersWords = new Int32Array(numbersCopy.buffer);

/** `array` copied into `numbersCopy` (natively: `set` takes any array of numbers as it is stored). */
function copyOfNumbers(array: readonly number[]): Float64Array {
  if (numbersCopy.length < array.length) {
    numbersCopy = new Float64Array(Math.max(array.length, numbersCopy.length * 2));
    numbersWords = new Int32Array(numbersCopy.buffer);
  }
  numbersCopy.set(array);
  return numbersCopy.subarray(0, array.length);
}

/**
 * Mixes one number into the lanes: an int32 as one word, any other number as its two halves,
 * after a tag telling them apart. Every digest of numbers goes through it (`typedDigest` has it
 * inlined), so an array hashes the same whichever loop reads it.
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
 * The `arrayDigest` of an array of numbers, from its copy in `numbersCopy` (see `stableNumbers`):
 * `mixNumber` of every value, inlined with the lanes in local variables and a float's halves read
 * from the copy's words (millions of values a build: lanes kept in an object, and a float written
 * to a scratch buffer to split it, made this loop four times slower).
 */
function typedDigest(array: Float64Array): void {
  const words = numbersWords;
  const lanes = arrayLanes(array.length);
  let a = lanes.a;
  let b = lanes.b;
  for (let i = 0; i < array.length; i++) {
    const v = array[i]!;
    if ((v | 0) === v) {
      a = Math.imul(Math.imul(a ^ INT, MUL_A) ^ v, MUL_A);
      b = Math.imul(Math.imul(b ^ INT, MUL_B) ^ v, MUL_B);
    } else {
      const lo = words[2 * i]!;
      const hi = words[2 * i + 1]!;
      a = Math.imul(Math.imul(Math.imul(a ^ FLOAT, MUL_A) ^ lo, MUL_A) ^ hi, MUL_A);
      b = Math.imul(Math.imul(Math.imul(b ^ FLOAT, MUL_B) ^ lo, MUL_B) ^ hi, MUL_B);
    }
  }
  finish(a, b);
}

/**
 * The `arrayDigest` of an array of numbers, or false (nothing computed) when it holds anything
 * else. A separate loop: called only with arrays that start with a number, its element loads see
 * a few array kinds and stay fast, where the general loop sees every kind and slows down.
 */
function numbersDigest(array: readonly unknown[]): boolean {
  const lanes = arrayLanes(array.length);
  for (let i = 0; i < array.length; i++) {
    const v = array[i];
    if (typeof v !== 'number') return false;
    mixNumber(lanes, v);
  }
  finish(lanes.a, lanes.b);
  return true;
}
