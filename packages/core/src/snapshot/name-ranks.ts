import type { PlayerSave } from '../save/types.js';
import { playerOrder } from './player-order.js';

/** A result, with the uuids and names it was computed from. */
interface NameOrder {
  uuids: string[];
  names: Array<string | null>;
  ranks: Int32Array;
}

/** The last result. */
let last: NameOrder | null = null;
/** Each result by its ranks, and by what it was remembered under (see `rememberNameRanks`), as long as that is. */
const orders = new WeakMap<Int32Array, NameOrder>();
const remembered = new WeakMap<object, NameOrder>();

/**
 * Each player's position in name order (`playerOrder`), by index in `players`: names lower-cased
 * once per player rather than at each comparison. The same players with the same names in the
 * same order as at the call remembered under `previous` (see `rememberNameRanks`), else as at the
 * last call, give that result again without sorting: a rebuild 15 minutes later, nobody renamed
 * or new, even when other builds ran in between (a network builds itself and each server's view
 * in turn). The array is shared: never modify it.
 *
 * @example
 * nameRanks([{ name: 'bob', uuid: 'b' }, { name: 'Alice', uuid: 'a' }] as PlayerSave[]); // Int32Array [1, 0]
 */
export function nameRanks(players: readonly PlayerSave[], previous?: object): Int32Array {
  const known = (previous === undefined ? undefined : remembered.get(previous)) ?? last;
  if (known !== null && samePlayers(known, players)) {
    last = known;
    return known.ranks;
  }
  const keyed = players.map((p, i) => ({ name: p.name, lower: p.name?.toLowerCase(), uuid: p.uuid, i }));
  keyed.sort(playerOrder);
  const ranks = new Int32Array(players.length);
  keyed.forEach((p, rank) => {
    ranks[p.i] = rank;
  });
  last = { uuids: players.map((p) => p.uuid), names: players.map((p) => p.name), ranks };
  orders.set(ranks, last);
  return ranks;
}

/** Keeps the result `ranks` of `nameRanks` under `key` (a build's result), for a later call given `key` as `previous`. */
export function rememberNameRanks(key: object, ranks: Int32Array): void {
  const order = orders.get(ranks);
  if (order !== undefined) remembered.set(key, order);
}

function samePlayers(memo: NameOrder, players: readonly PlayerSave[]): boolean {
  if (memo.uuids.length !== players.length) return false;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (memo.uuids[i] !== p.uuid || memo.names[i] !== p.name) return false;
  }
  return true;
}
