/**
 * The element sums behind `contentHash`'s digest of an array of numbers: every element is hashed
 * with its index, and the hashes are added up in two 32-bit lanes. A sum, unlike a chained hash,
 * can be corrected: an array equal to another but at a few indices gets its sums from the other's
 * in time proportional to those indices (`patchSums`), which is how a rebuilt snapshot's columns
 * (10,000 numbers each, a few changed) are hashed without reading them whole.
 *
 * Each element's hash is a full 32-bit mix (murmur3's and lowbias32's finalisers) of its value's
 * words and its index, so swapping, shifting or offsetting values changes the sums like any other
 * change. Numbers are told apart as `contentHash` tells them: an int32 as one word, any other
 * number as its two float64 halves, after a tag.
 */

import { FLOAT, INT, MUL_A, MUL_B } from './hash-words.js';

/** The sums of the last call: `[a, b]`. */
export const sums = new Int32Array(2);

/** The index multipliers of the two lanes (odd, so every index gives another product). */
const INDEX_A = 0x9e3779b1;
const INDEX_B = 0x85ebca77;

const scratch = new Float64Array(1);
const halves = new Int32Array(scratch.buffer);

/** Murmur3's 32-bit finaliser. */
function mixA(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** lowbias32's finaliser: another full mix, so the lanes are independent. */
function mixB(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return h ^ (h >>> 16);
}

/** Lane A's hash of `v` at index `i`: an int32 is its own word, a float its halves mixed into one. */
function elementA(i: number, v: number): number {
  if ((v | 0) === v) return mixA(((v ^ INT) + Math.imul(i, INDEX_A)) | 0);
  scratch[0] = v;
  return mixA((Math.imul(halves[0]! ^ FLOAT, MUL_A) ^ halves[1]!) + Math.imul(i, INDEX_A));
}

/** Lane B's hash of `v` at index `i`. */
function elementB(i: number, v: number): number {
  if ((v | 0) === v) return mixB((v ^ INT) ^ Math.imul(i, INDEX_B));
  scratch[0] = v;
  return mixB(Math.imul(halves[0]! ^ FLOAT, MUL_B) ^ halves[1]! ^ Math.imul(i, INDEX_B));
}

/**
 * Sets `sums` for an array given as its float64 values and the same memory's 32-bit words (the
 * words spare a float's split through a scratch buffer: millions of values a build). The loop
 * is `elementA` and `elementB` inlined, the index products kept as running sums (`ia`, `ib`).
 */
export function typedSums(values: Float64Array, words: Int32Array): void {
  let a = 0;
  let b = 0;
  let ia = 0;
  let ib = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    let wa: number;
    let wb: number;
    if ((v | 0) === v) {
      wa = v ^ INT;
      wb = wa;
    } else {
      const lo = words[2 * i]!;
      const hi = words[2 * i + 1]!;
      wa = Math.imul(lo ^ FLOAT, MUL_A) ^ hi;
      wb = Math.imul(lo ^ FLOAT, MUL_B) ^ hi;
    }
    let h = (wa + ia) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    a = (a + (h ^ (h >>> 16))) | 0;
    h = wb ^ ib;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
    b = (b + (h ^ (h >>> 16))) | 0;
    ia = (ia + INDEX_A) | 0;
    ib = (ib + INDEX_B) | 0;
  }
  sums[0] = a;
  sums[1] = b;
}

/**
 * Sets `sums` for a plain array and returns true when it holds numbers only; returns false (sums
 * unset) at the first value that is not a number.
 */
export function plainSums(values: readonly unknown[]): boolean {
  let a = 0;
  let b = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number') return false;
    if ((v | 0) !== v) {
      a = (a + elementA(i, v)) | 0;
      b = (b + elementB(i, v)) | 0;
      continue;
    }
    // elementA and elementB of an int32, inlined: most values are.
    let h = ((v ^ INT) + Math.imul(i, INDEX_A)) | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    a = (a + (h ^ (h >>> 16))) | 0;
    h = v ^ INT ^ Math.imul(i, INDEX_B);
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
    b = (b + (h ^ (h >>> 16))) | 0;
  }
  sums[0] = a;
  sums[1] = b;
  return true;
}

/**
 * Sets `sums` for `next`, an array equal to `previous` but at the distinct indices `at`, from
 * `previous`'s sums (`a`, `b`): each listed index's old hash is taken out and its new one added.
 */
export function patchSums(a: number, b: number, previous: ArrayLike<number>, next: ArrayLike<number>, at: readonly number[]): void {
  for (const i of at) {
    a = (a - elementA(i, previous[i]!) + elementA(i, next[i]!)) | 0;
    b = (b - elementB(i, previous[i]!) + elementB(i, next[i]!)) | 0;
  }
  sums[0] = a;
  sums[1] = b;
}
