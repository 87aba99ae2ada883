import type { PlayerSave } from '../save/types.js';
import { playerOrder } from './player-order.js';

/** The last result, with the uuids and names it was computed from. */
let last: { uuids: string[]; names: Array<string | null>; ranks: Int32Array } | null = null;

/**
 * Each player's position in name order (`playerOrder`), by index in `players`: names lower-cased
 * once per player rather than at each comparison. The same players with the same names in the
 * same order as at the last call (a rebuild 15 minutes later, nobody renamed or new) give the
 * last result again without sorting. The array is shared: never modify it.
 *
 * @example
 * nameRanks([{ name: 'bob', uuid: 'b' }, { name: 'Alice', uuid: 'a' }] as PlayerSave[]); // Int32Array [1, 0]
 */
export function nameRanks(players: readonly PlayerSave[]): Int32Array {
  if (last !== null && samePlayers(last, players)) return last.ranks;
  const keyed = players.map((p, i) => ({ name: p.name, lower: p.name?.toLowerCase(), uuid: p.uuid, i }));
  keyed.sort(playerOrder);
  const ranks = new Int32Array(players.length);
  keyed.forEach((p, rank) => {
    ranks[p.i] = rank;
  });
  last = { uuids: players.map((p) => p.uuid), names: players.map((p) => p.name), ranks };
  return ranks;
}

function samePlayers(memo: NonNullable<typeof last>, players: readonly PlayerSave[]): boolean {
  if (memo.uuids.length !== players.length) return false;
  for (let i = 0; i < players.length; i++) {
    const p = players[i]!;
    if (memo.uuids[i] !== p.uuid || memo.names[i] !== p.name) return false;
  }
  return true;
}
