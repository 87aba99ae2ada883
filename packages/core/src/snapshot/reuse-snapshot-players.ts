import { stableObject } from './content-hash.js';
import { samePlayer } from './same-player.js';
import type { SnapshotPlayer } from './types.js';

/** The players of the last build, kept as long as something else keeps them (a served snapshot). */
let lastBuilt: WeakRef<readonly SnapshotPlayer[]> | null = null;

/**
 * The players of a new build, each replaced by the last build's object at the same index when
 * that one is equal in every field (arrays by content), and all marked stable for the content
 * hash. A rebuild 15 minutes later changes a few hundred profiles of 10,000 (the players who
 * played, and those whose ranks they moved): the rest stay the objects already hashed, and
 * already in the old generation. `last` is the build to compare with (default: the last one
 * built, while something still holds it). Modifies and returns `players`.
 *
 * @example
 * const players = reuseSnapshotPlayers(built); // built[i] or the equal player of the last build
 */
export function reuseSnapshotPlayers(players: SnapshotPlayer[], last?: readonly SnapshotPlayer[]): SnapshotPlayer[] {
  const previous = last ?? lastBuilt?.deref();
  const shared = previous === undefined ? 0 : Math.min(previous.length, players.length);
  for (let i = 0; i < shared; i++) {
    if (samePlayer(previous![i]!, players[i]!)) players[i] = previous![i]!;
    else stableObject(players[i]!);
  }
  for (let i = shared; i < players.length; i++) stableObject(players[i]!);
  lastBuilt = new WeakRef(players);
  return players;
}
