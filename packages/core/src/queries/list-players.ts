import type { Edition } from '../save/types.js';
import type { ListPlayersParams, Page, Player, PlayerSort, Snapshot, SnapshotPlayer } from '../snapshot/types.js';
import { playerOrder } from '../snapshot/player-order.js';
import { matchesSearch } from './matches-search.js';
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
  const matching: number[] = [];
  snapshot.players.forEach((p, i) => {
    if (params.edition !== undefined && p.edition !== params.edition) return;
    if (params.ranked !== undefined && p.ranked !== params.ranked) return;
    if (params.search !== undefined && params.search.trim() !== '' && !matchesSearch(params.search, [p.name])) return;
    matching.push(i);
  });
  const players = snapshot.players;
  matching.sort((a, b) => SORTS[sort](players[a]!, players[b]!));
  return paginate(matching, bounds, (i) => toPlayer(snapshot, i));
}
