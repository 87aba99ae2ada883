/**
 * Orders by (a number, then name) with one numeric sort instead of a comparator: each item
 * becomes one float64 key `major × 2^21 + nameRank`, exact while `major` is a whole number below
 * 2^32 and there are at most 2^21 (two million) players, and a Float64Array sorts those keys
 * natively, several times faster than `Array.prototype.sort` calling back into JavaScript for
 * each comparison. The name rank is unique per player, so a key also says which player it is.
 *
 * Callers check `fitsMajor` for every item first and keep a comparator sort for anything else
 * (fractional or huge values), so the order never depends on which path ran.
 */

/** Name ranks per key: 2^21. */
const RANK_SPAN = 2 ** 21;
/** Majors are whole numbers in [0, MAJOR_LIMIT). */
export const MAJOR_LIMIT = 2 ** 32;

/** True when `major` can be packed into a key. */
export function fitsMajor(major: number): boolean {
  return Number.isInteger(major) && major >= 0 && major < MAJOR_LIMIT;
}

/** True when name ranks of `players` players fit into keys. */
export function fitsPlayers(players: number): boolean {
  return players <= RANK_SPAN;
}

/** The key of an item: sorts by `major`, then by name rank. */
export function sortKey(major: number, nameRank: number): number {
  return major * RANK_SPAN + nameRank;
}

/** The name rank a key was made with. */
export function keyRank(key: number): number {
  return key % RANK_SPAN;
}

/** The major a key was made with. */
export function keyMajor(key: number): number {
  return (key - (key % RANK_SPAN)) / RANK_SPAN;
}

/**
 * Player index by name rank: the inverse of `nameRank`.
 *
 * @example
 * byNameRank(Int32Array.of(2, 0, 1)); // Int32Array [1, 2, 0]
 */
export function byNameRank(nameRank: ArrayLike<number>): Int32Array {
  const players = new Int32Array(nameRank.length);
  for (let p = 0; p < nameRank.length; p++) players[nameRank[p]!] = p;
  return players;
}
