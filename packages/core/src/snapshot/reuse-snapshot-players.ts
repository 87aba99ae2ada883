import { stableObject } from './content-hash.js';
import type { SnapshotPlayer } from './types.js';

/** Every field of a SnapshotPlayer: the compiler rejects this list when one is missing. */
const FIELDS = [
  'uuid', 'name', 'edition', 'skin', 'play_time', 'ranked', 'last_online_ms', 'first_seen_ms', 'first_seen_estimated',
  'advancements_earned', 'recipes', 'medals', 'crown_score', 'hall_of_fame_rank', 'top_ranks', 'advancements',
] as const satisfies readonly (keyof SnapshotPlayer)[];
const everyField: Exclude<keyof SnapshotPlayer, (typeof FIELDS)[number]> extends never ? true : never = true;
void everyField;

/** The players of the last build, kept as long as something else keeps them (a served snapshot). */
let lastBuilt: WeakRef<readonly SnapshotPlayer[]> | null = null;

/**
 * The players of a new build, each replaced by the last build's object at the same index when
 * that one is equal in every field (arrays by content), and all marked stable for the content
 * hash. A rebuild 15 minutes later changes a few hundred profiles of 10,000 (the players who
 * played, and those whose ranks they moved): the rest stay the objects already hashed, and
 * already in the old generation. Modifies and returns `players`.
 *
 * @example
 * const players = reuseSnapshotPlayers(built); // built[i] or the equal player of the last build
 */
export function reuseSnapshotPlayers(players: SnapshotPlayer[]): SnapshotPlayer[] {
  const previous = lastBuilt?.deref();
  const shared = previous === undefined ? 0 : Math.min(previous.length, players.length);
  for (let i = 0; i < shared; i++) {
    if (samePlayer(previous![i]!, players[i]!)) players[i] = previous![i]!;
  }
  for (const player of players) stableObject(player);
  lastBuilt = new WeakRef(players);
  return players;
}

function samePlayer(a: SnapshotPlayer, b: SnapshotPlayer): boolean {
  for (const field of FIELDS) {
    const x = a[field];
    const y = b[field];
    if (Object.is(x, y)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || !sameNumbers(x, y)) return false;
  }
  return true;
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
