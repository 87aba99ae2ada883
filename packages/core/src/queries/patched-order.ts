import type { SnapshotPlayer } from '../snapshot/types.js';

/** An order of players by their positions in `players`, and the players it was computed over. */
export interface KeptOrder {
  players: readonly SnapshotPlayer[];
  order: readonly number[];
}

/** Above this share of changed players, sorting them all again is as cheap as patching. */
const MAX_CHANGED_SHARE = 0.25;

/**
 * The order `compare` gives `players` (its positions that pass `keep`, as a stable sort of them
 * in position order gives), computed from `last`, the same order of an earlier players array:
 * a rebuilt snapshot keeps every unchanged player as the same object at the same position (see
 * `reuseSnapshotPlayers`), so only the players at positions whose object differs, and sorts or
 * filters otherwise than the one it replaces, are sorted and merged into the kept order of the rest. Null when too many changed to gain from it (the
 * caller sorts them all). The result equals the full sort's: both order by `compare`, then
 * position.
 *
 * @example
 * const order = patchedOrder(snapshot.players, last, (p) => true, byLastOnline) ?? fullSort();
 */
export function patchedOrder(
  players: readonly SnapshotPlayer[],
  last: KeptOrder,
  keep: (player: SnapshotPlayer) => boolean,
  compare: (a: SnapshotPlayer, b: SnapshotPlayer) => number,
): number[] | null {
  const before = last.players;
  const shared = Math.min(before.length, players.length);
  const changed: number[] = [];
  // A new profile that sorts and filters as its last one did (its ranks moved, say, not its
  // name or when it was online) keeps its place: it compares with every other as that one did.
  for (let i = 0; i < shared; i++) {
    const now = players[i]!;
    const was = before[i]!;
    if (now !== was && (compare(now, was) !== 0 || keep(now) !== keep(was))) changed.push(i);
  }
  for (let i = shared; i < players.length; i++) changed.push(i);
  if (changed.length > players.length * MAX_CHANGED_SHARE) return null;
  // The kept order without the changed (or gone) positions; then the changed that pass, sorted.
  const moved = new Uint8Array(Math.max(before.length, players.length));
  for (const i of changed) moved[i] = 1;
  for (let i = players.length; i < before.length; i++) moved[i] = 1;
  const stay = last.order.filter((i) => moved[i] === 0);
  const order = (a: number, b: number): number => compare(players[a]!, players[b]!) || a - b;
  const fresh = changed.filter((i) => keep(players[i]!)).sort(order);
  return merge(stay, fresh, order);
}

/** Two lists sorted by `order`, merged into one sorted by it. */
function merge(a: readonly number[], b: readonly number[], order: (x: number, y: number) => number): number[] {
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = order(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}
