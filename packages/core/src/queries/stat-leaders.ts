import type { Player, Snapshot } from '../snapshot/types.js';
import { toPlayer } from './to-player.js';

/** The top of one statistic's leaderboard: what the first two entries of `leaderboard(…, { limit: 2 })` tell. */
export interface StatLeader {
  /** The player holding the record (the board's first entry), or null for an empty board. */
  holder: Player | null;
  /** True when the second entry shares the first rank (the record is tied). */
  tied: boolean;
}

/** Per snapshot: each stat's holder as an index into `snapshot.players` (-1: empty board) and whether it is tied. */
const tables = new WeakMap<Snapshot, ReadonlyMap<string, { holder: number; tied: boolean }>>();

/** The table of every stat's first two places, read from the boards once per snapshot. */
function leaderTable(snapshot: Snapshot): ReadonlyMap<string, { holder: number; tied: boolean }> {
  let table = tables.get(snapshot);
  if (!table) {
    const built = new Map<string, { holder: number; tied: boolean }>();
    for (const stat of snapshot.stats) built.set(stat.id, { holder: stat.board[0] ?? -1, tied: stat.board.length > 1 && stat.ranks[1] === 1 });
    tables.set(snapshot, (table = built));
  }
  return table;
}

/**
 * Every statistic's record holder and whether the record is tied, by stat id: the same as the
 * first two entries of each stat's {@link leaderboard} (its first entry's player; its second
 * entry's rank being 1), without building the two entries of each of the 217 boards. The table
 * is read from the boards once per snapshot object (a WeakMap: it vanishes with the snapshot);
 * a server builds it when a pull publishes a snapshot (`prepareShared`), so the stats page's
 * first view after a pull does not. Null for an unknown stat id.
 *
 * @example
 * statLeader(snapshot, 'jump'); // { holder: { name: 'Alice', … }, tied: true }
 */
export function statLeader(snapshot: Snapshot, statId: string): StatLeader | null {
  const row = leaderTable(snapshot).get(statId);
  if (!row) return null;
  return { holder: row.holder === -1 ? null : toPlayer(snapshot, row.holder), tied: row.tied };
}

/**
 * {@link statLeader} as the table holds it: the holder's index in `snapshot.players` (-1: an
 * empty board) and whether the record is tied, without making the holder's Player (a page that
 * kept what it showed for that player compares the index's player with it). Null for an unknown
 * stat id. The object is the table's: not to be modified.
 *
 * @example
 * statLeaderIndex(snapshot, 'jump'); // { holder: 42, tied: false }
 */
export function statLeaderIndex(snapshot: Snapshot, statId: string): { readonly holder: number; readonly tied: boolean } | null {
  return leaderTable(snapshot).get(statId) ?? null;
}

/**
 * Builds the snapshot's table of stat leaders now (otherwise built by the first
 * {@link statLeader}): a server calls it once a pull built the snapshot.
 *
 * @example
 * prepareStatLeaders(snapshot); // later statLeader(snapshot, 'jump') reads the table
 */
export function prepareStatLeaders(snapshot: Snapshot): void {
  leaderTable(snapshot);
}
