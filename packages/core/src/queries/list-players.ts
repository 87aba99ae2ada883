import type { Edition } from '../save/types.js';
import type { ListPlayersParams, Page, Player, PlayerSort, Snapshot, SnapshotPlayer } from '../snapshot/types.js';
import { playerOrder } from '../snapshot/player-order.js';
import { matchesSearch } from './matches-search.js';
import { patchedOrder, type KeptOrder } from './patched-order.js';
import { predecessorOf } from '../snapshot/snapshot-predecessor.js';
import { pageBounds, paginate } from './page-bounds.js';
import { QueryError } from './query-error.js';
import { toPlayer } from './to-player.js';

const EDITIONS: readonly Edition[] = ['java', 'bedrock'];

/** Most recently online first; never seen last; name order inside a tie. */
const byLastOnline = (a: SnapshotPlayer, b: SnapshotPlayer): number => {
  const ta = a.last_online_ms ?? -Infinity;
  const tb = b.last_online_ms ?? -Infinity;
  return ta !== tb ? (ta > tb ? -1 : 1) : playerOrder(a, b);
};

const SORTS: Readonly<Record<PlayerSort, (a: SnapshotPlayer, b: SnapshotPlayer) => number>> = {
  last_online: byLastOnline,
  name: playerOrder,
};

/**
 * `GET /v1/players`: players, filtered by a case-insensitive name substring (`search`),
 * `edition` and `ranked`, sorted by `last_online` (default, most recent first) or `name`
 * (alphabetical, case-insensitive; nameless players last). Default limit 50. Throws a
 * QueryError naming `edition` or `sort` for a bad value.
 *
 * @example
 * ```ts
 * listPlayers(snapshot, { edition: 'bedrock', sort: 'name' }).items.map((p) => p.name); // ['.Alex', '.Zed']
 * listPlayers(snapshot, { ranked: true }).total; // ranked players
 * ```
 */
export function listPlayers(snapshot: Snapshot, params: ListPlayersParams = {}): Page<Player> {
  const bounds = pageBounds(params, 50);
  const sort = params.sort ?? 'last_online';
  if (!Object.hasOwn(SORTS, sort)) {
    throw new QueryError('invalid', 'sort', 'sort must be last_online or name', [String(sort)]);
  }
  if (params.edition !== undefined && !EDITIONS.includes(params.edition)) {
    throw new QueryError('invalid', 'edition', 'edition must be java or bedrock', [String(params.edition)]);
  }
  const search = params.search !== undefined && params.search.trim() !== '' ? params.search : undefined;
  const matching = search === undefined ? keptOrder(snapshot, sort, params) : order(snapshot, sort, params, search);
  return paginate(matching, bounds, (i) => toPlayer(snapshot, i));
}

/** The players (their positions) that pass the filters, in `sort` order. */
function order(snapshot: Snapshot, sort: PlayerSort, params: ListPlayersParams, search: string | undefined): number[] {
  const matching: number[] = [];
  snapshot.players.forEach((p, i) => {
    if (params.edition !== undefined && p.edition !== params.edition) return;
    if (params.ranked !== undefined && p.ranked !== params.ranked) return;
    if (search !== undefined && !matchesSearch(search, [p.name])) return;
    matching.push(i);
  });
  const players = snapshot.players;
  matching.sort((a, b) => SORTS[sort](players[a]!, players[b]!));
  return matching;
}

/** Each snapshot's orders without a search, by sort and filters (at most 18; ~6 ms each to sort at 10,000 players). */
const orders = new WeakMap<Snapshot, Map<string, KeptOrder>>();
/** The last order computed of each sort and filters, while its players are kept: the next snapshot's is patched from it. */
const lastOrders = new Map<string, WeakRef<KeptOrder>>();

/**
 * {@link order} without a search, computed once per snapshot (every page of the players list
 * reads it): from the last snapshot's when few players changed (see `patchedOrder`).
 */
function keptOrder(snapshot: Snapshot, sort: PlayerSort, params: ListPlayersParams): readonly number[] {
  let kept = orders.get(snapshot);
  if (!kept) orders.set(snapshot, (kept = new Map()));
  const key = `${sort} ${params.edition ?? ''} ${String(params.ranked ?? '')}`;
  let found = kept.get(key);
  if (!found) {
    // The order of the snapshot this one patched (a network's view of the same server), else the last computed.
    const predecessor = predecessorOf(snapshot);
    const last = (predecessor && orders.get(predecessor)?.get(key)) || lastOrders.get(key)?.deref();
    const keep = (p: SnapshotPlayer): boolean => (params.edition === undefined || p.edition === params.edition) && (params.ranked === undefined || p.ranked === params.ranked);
    const computed = (last && patchedOrder(snapshot.players, last, keep, SORTS[sort])) || order(snapshot, sort, params, undefined);
    kept.set(key, (found = { players: snapshot.players, order: computed }));
    lastOrders.set(key, new WeakRef(found));
  }
  return found.order;
}
